// The lint's market-literal rule (issue 40 item 1, decision 0076): a comparison with a market or
// language code ('uk', 'de', 'en', ...) is a market fact written outside the market table, which a
// new market would silently fall through (treated as "the UK" or "not Germany"). The codes are
// the table's own (node strips the types of the imported TypeScript module), so a new market's
// code is refused too. The table modules themselves are left out in eslint.config.js.
import { COUNTRIES, LANGUAGES } from '../shared/market-table.ts';

const CODES = new Set([...COUNTRIES, ...LANGUAGES]);

/** The market or language code a node is written as ('de' or `de`), or undefined. */
function codeOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string' && CODES.has(node.value)) return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    const text = node.quasis[0].value.cooked;
    if (CODES.has(text)) return text;
  }
  return undefined;
}

const COMPARISONS = new Set(['===', '!==', '==', '!=']);

/** @type {import('eslint').Rule.RuleModule} */
export const noMarketLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses a comparison with a market or language code outside the market table (src/shared/market-table.ts).' },
    schema: [],
    messages: {
      literal:
        "A comparison with '{{code}}' decides by market or language: make the fact a field of the market table (src/shared/market-table.ts) and read it.",
    },
  },
  create(context) {
    const check = (node) => {
      const code = codeOf(node);
      if (code !== undefined) context.report({ node, messageId: 'literal', data: { code } });
    };
    return {
      BinaryExpression(node) {
        if (!COMPARISONS.has(node.operator)) return;
        check(node.left);
        check(node.right);
      },
      SwitchCase(node) {
        if (node.test) check(node.test);
      },
    };
  },
};

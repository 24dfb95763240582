import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, run on code at virtual paths: the market-literal rule
// (src/lint/no-market-literal.js, decision 0076) as the lint applies it.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function marketLiterals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'champions/no-market-literal').map((message) => message.message);
}

const refusal = (code: string) => expect.stringContaining(`A comparison with '${code}' decides by market or language`);

describe('champions/no-market-literal', () => {
  it.each([
    ['a market on the right', "export const german = (country: string) => country === 'de';\n", 'de'],
    ['a language on the left', "export const italian = (language: string) => 'it' === language;\n", 'it'],
    ['a negated comparison', "export const notEnglish = (language: string) => language !== 'en';\n", 'en'],
    ['a loose comparison', "export const british = (country: string) => country == 'uk';\n", 'uk'],
    ['a template literal', 'export const german = (country: string) => country === `de`;\n', 'de'],
    [
      'a switch case',
      "export function label(country: string) {\n  switch (country) {\n    case 'uk':\n      return 1;\n    default:\n      return 0;\n  }\n}\n",
      'uk',
    ],
  ])('refuses %s', async (_case, code, literal) => {
    expect(await marketLiterals('src/web/features/landing/probe.tsx', code)).toEqual([refusal(literal)]);
  });

  it('refuses it in server code and in scripts too', async () => {
    expect(await marketLiterals('src/server/services/probe.ts', "export const f = (l: string) => l === 'it';\n")).toEqual([refusal('it')]);
    expect(await marketLiterals('scripts/probe.ts', "export const f = (l: string) => l === 'de';\n")).toEqual([refusal('de')]);
  });

  it.each([
    ['a comparison with an unrelated literal', "export const f = (mode: string) => mode === 'rep' || mode !== 'default';\n"],
    ['a code that is not compared', "export const entry = { country: 'de', language: 'de' };\nexport const f = (c: string) => [entry.country].includes(c);\n"],
    [
      'a comparison with a table read',
      "import { MARKETS } from '#shared/markets.ts';\nexport const f = (language: string) => language === MARKETS.it.language;\n",
    ],
    ['a longer string that starts with a code', "export const f = (tag: string) => tag === 'de-DE';\n"],
  ])('accepts %s', async (_case, code) => {
    expect(await marketLiterals('src/web/features/landing/probe.tsx', code)).toEqual([]);
  });

  it('accepts the market table itself', async () => {
    expect(await marketLiterals('src/shared/market-table.ts', "export const german = (country: string) => country === 'de';\n")).toEqual([]);
  });
});

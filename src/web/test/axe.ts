// axe on the rendered page, as the web tests check it: WCAG 2.2 AA and best practice, without the
// rules jsdom cannot judge (colour contrast) or that a component rendered alone cannot meet
// (regions, one main landmark; one h1 too, for a part rendered without its page: `partOfPage`).
import axe from 'axe-core';

export async function axeViolations({ partOfPage = false }: { partOfPage?: boolean } = {}): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: {
      'color-contrast': { enabled: false },
      region: { enabled: false },
      'landmark-one-main': { enabled: false },
      ...(partOfPage ? { 'page-has-heading-one': { enabled: false } } : {}),
    },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

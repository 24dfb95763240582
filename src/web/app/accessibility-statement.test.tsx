// Issue 41 item 6: every market's footer, in every language, links to the market's accessibility
// statement (/accessibility, the German market's /barrierefreiheit), which opens with its title, the
// date of its last review and its text (the support address to report a problem to).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRIES, LANGUAGES, MARKET_LANGUAGE, type Language } from '#shared/markets.ts';
import { renderInSite } from '../test/render.tsx';
import { routes } from './routes.tsx';

afterEach(cleanup);

const words = (language: Language, file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'i18n', 'messages', language, `${file}.json`), 'utf8')) as Record<
    string,
    Record<string, Record<string, unknown>>
  >;

function App() {
  return useRoutes(routes);
}

describe.each(COUNTRIES.flatMap((country) => LANGUAGES.map((language) => ({ country, language }))))(
  'the footer of $country in $language',
  ({ country, language }) => {
    it('links to the accessibility statement, which shows its title and how to report a problem', async () => {
      const linkText = words(language, 'layout').layout!.footer!.accessibility as string;
      const title = (words(language, 'legal').legal!.accessibility as Record<string, string>).title!;
      await renderInSite(<App />, { country, language, route: language === MARKET_LANGUAGE[country] ? '/' : `/?lang=${language}` });

      const footer = screen.getByRole('contentinfo');
      // Awaited in act: the statement suspends until its text is loaded (a later market's text is not loaded yet).
      const link = within(footer).getByRole('link', { name: linkText });
      expect(link.getAttribute('href')).toMatch(country === 'de' ? /^\/barrierefreiheit(\?|$)/ : /^\/accessibility(\?|$)/);
      await act(() => userEvent.click(link));

      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
      const text = await screen.findByText((_content, element) => element?.classList.contains('legal__text') ?? false);
      expect(within(text).getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
      expect(text).toHaveTextContent(/WCAG[^.]*2\.2/);
      // Written in the page's language (a missing translation would show the market's own text, marked with its lang).
      expect(text.closest('article')).not.toHaveAttribute('lang');
      expect(document.title).toBe(`${title} – Pharmacy Champions`);
      // The date of the last review (src/shared/legal-versions.ts), in the page's language.
      expect(screen.getByText(/28[./]11[./]2026/)).toBeInTheDocument();
    });
  },
);

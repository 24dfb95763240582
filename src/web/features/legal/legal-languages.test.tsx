// Every legal page of every market, in every language the market can be viewed in: the whole page
// (title, Back, contents, text) is in one language, the page's own where its translation exists,
// and a translation says that the market's own language version prevails.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LegalDocumentKind } from '#shared/legal-versions.ts';
import { COUNTRIES, LANGUAGES, LANGUAGE_TAG, MARKET_LANGUAGE, type Country, type Language } from '#shared/markets.ts';
import { legalPagesOf, type PageName } from '#shared/page-modules.ts';
import { renderInSite } from '../../test/render.tsx';
import { DatenschutzPage } from './datenschutz-page.tsx';
import { ImpressumPage } from './impressum-page.tsx';
import { NutzungsbedingungenPage } from './nutzungsbedingungen-page.tsx';
import { PrivacyPolicyPage } from './privacy-policy-page.tsx';
import { TermsPage } from './terms-page.tsx';
import { AccessibilityPage } from './accessibility-page.tsx';
import { BarrierefreiheitPage } from './barrierefreiheit-page.tsx';

afterEach(cleanup);

const PAGES: Partial<Record<PageName, { Page: ComponentType; kind: LegalDocumentKind }>> = {
  privacyPolicy: { Page: PrivacyPolicyPage, kind: 'privacy-policy' },
  terms: { Page: TermsPage, kind: 'terms-and-conditions' },
  datenschutz: { Page: DatenschutzPage, kind: 'datenschutz' },
  nutzungsbedingungen: { Page: NutzungsbedingungenPage, kind: 'nutzungsbedingungen' },
  impressum: { Page: ImpressumPage, kind: 'impressum' },
  accessibility: { Page: AccessibilityPage, kind: 'accessibility' },
  barrierefreiheit: { Page: BarrierefreiheitPage, kind: 'barrierefreiheit' },
};

const contentFile = (country: Country, language: Language, kind: LegalDocumentKind) =>
  join(import.meta.dirname, '..', '..', 'content', country, language, `${kind}.md`);

/** The strings of a language's legal.json (the page's own words), without placeholders. */
function pageWords(language: Language): string[] {
  const flatten = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(flatten));
  const messages = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'shared', 'i18n', 'messages', language, 'legal.json'), 'utf8'),
  ) as unknown;
  return flatten(messages)
    .flatMap((value) => value.split(/\{\{\s*\w+\s*\}\}/))
    .map((part) => part.trim())
    .filter((part) => part.length > 3);
}

/** The section headings of one version of a text. */
function headings(country: Country, language: Language, kind: LegalDocumentKind): string[] {
  const file = contentFile(country, language, kind);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{2,3} /.test(line))
    .map((line) =>
      line
        .replace(/^#+ /, '')
        .replace(/\{\{\s*\w+\s*\}\}/g, '')
        .replace(/[*_`]/g, '')
        .trim(),
    )
    .filter((line) => line.length > 3);
}

const pairs = COUNTRIES.flatMap((country) => legalPagesOf(country).flatMap((page) => LANGUAGES.map((language) => ({ country, language, page }))));

describe.each(pairs)('$page on market $country in $language', ({ country, language, page }) => {
  const { Page, kind } = PAGES[page]!;
  const marketLanguage = MARKET_LANGUAGE[country];
  const translated = existsSync(contentFile(country, language, kind));
  const shown: Language = translated ? language : marketLanguage;

  it(`is a complete document in ${translated ? 'the page language' : "the market's own language (no translation yet)"}`, async () => {
    await renderInSite(<Page />, { country, language, route: `/${kind}?lang=${language}`, settle: true });
    await waitFor(() => expect(document.querySelector('.legal__text')).not.toBeNull());
    const article = document.querySelector('article')!;
    expect(article.getAttribute('lang') ?? LANGUAGE_TAG[language]).toBe(LANGUAGE_TAG[shown]);
    expect(document.querySelector('.legal__text')!.textContent!.length).toBeGreaterThan(1500);
    expect(article.textContent).not.toMatch(/\{\{|\}\}/);

    const own = pageWords(shown);
    const ownHeadings = headings(country, shown, kind);
    // The words around the text; the text itself may name German laws in German, so it is compared by its headings.
    const chrome = article.cloneNode(true) as HTMLElement;
    chrome.querySelectorAll('.legal__text, .legal__contents ol, .legal__contents ul').forEach((element) => element.remove());
    const visible = chrome.textContent!;
    const shownHeadings = [...article.querySelectorAll('.legal__text h2, .legal__text h3')].map((heading) => heading.textContent!.trim());
    for (const other of LANGUAGES.filter((l) => l !== shown)) {
      for (const words of pageWords(other)) {
        if (own.some((mine) => mine.includes(words))) continue;
        expect(visible, `${other} page words`).not.toContain(words);
      }
      for (const heading of headings(country, other, kind)) {
        if (ownHeadings.includes(heading)) continue;
        expect(shownHeadings, `${other} heading`).not.toContain(heading);
      }
    }

    const note = document.querySelector('.legal__translation-note');
    if (shown === marketLanguage) {
      expect(note).toBeNull();
    } else {
      expect(note).not.toBeNull();
      expect(note!.querySelector('a')).toHaveAttribute('href', `/${kind}?lang=${marketLanguage}`);
    }
  });
});

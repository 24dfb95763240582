import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { legalVersionsOf, type LegalDocumentKind } from '#shared/legal-versions.ts';
import { COUNTRIES, LANGUAGES, MARKET_LANGUAGE } from '#shared/markets.ts';
import { fillPlaceholders, findLegalText, slugify } from './legal-document.ts';
import { renderLegalMarkdown } from './legal-markdown.ts';

const FIRST_TEXT = { uk: 'privacy-policy', it: 'privacy-policy', de: 'datenschutz' } as const satisfies Record<string, LegalDocumentKind>;

describe('legal documents', () => {
  it('makes unique heading ids and lists the sections', () => {
    const { html, headings } = renderLegalMarkdown('## Who we are\n\ntext\n\n### Detail\n\n## Who we are\n\n## Diritti dell’interessato');
    expect(headings).toEqual([
      { id: 'who-we-are', text: 'Who we are' },
      { id: 'who-we-are-2', text: 'Who we are' },
      { id: 'diritti-dell-interessato', text: 'Diritti dell’interessato' },
    ]);
    expect(html).toContain('<h3 id="detail">');
  });

  it('gives a table the caption written just before it, which names its scrolling region too', () => {
    const { html } = renderLegalMarkdown(
      'Intro\n\n: Cookies on *A & B*\n\n| Name | Lasts |\n|---|---|\n| a | 1 |\n\n| Other | Table |\n|---|---|\n| b | 2 |\n',
    );
    expect(html).toContain(
      '<div class="legal__table" role="region" aria-label="Cookies on A &amp; B" tabindex="0"><table>\n<caption>Cookies on <em>A &amp; B</em></caption>',
    );
    expect(html).not.toContain(': Cookies');
    // A table without a caption keeps its headers as its region's name.
    expect(html).toContain('aria-label="Other, Table"');
  });

  it('slugs accents and German letters', () => {
    expect(slugify('Übermittlung an Dritte & Löschung')).toBe('ubermittlung-an-dritte-loschung');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('???')).toBe('section');
  });

  it('escapes substituted values and keeps unknown placeholders visible', () => {
    expect(fillPlaceholders('{{company}} {{unknown}}', { company: '<b>A & B</b>' })).toBe('&lt;b&gt;A &amp; B&lt;/b&gt; {{unknown}}');
  });

  it('wraps tables so they scroll on narrow screens', () => {
    const { html } = renderLegalMarkdown('| Name | Lasts |\n|---|---|\n| a | 1 |\n');
    expect(html).toMatch(/^<div class="legal__table" role="region" aria-label="Name, Lasts" tabindex="0"><table>/);
  });

  it("chooses the market's text in the visitor's language, else in the market's own", () => {
    expect(findLegalText('uk', 'en', 'privacy-policy')).toEqual({ path: '../../content/uk/en/privacy-policy.md', country: 'uk', language: 'en' });
    expect(findLegalText('it', 'it', 'terms-and-conditions')?.language).toBe('it');
    for (const country of COUNTRIES) {
      for (const language of LANGUAGES) {
        const found = findLegalText(country, language, FIRST_TEXT[country]);
        expect(found?.country).toBe(country);
        const translated = existsSync(join(import.meta.dirname, '..', '..', 'content', country, language, `${FIRST_TEXT[country]}.md`));
        expect(found?.language).toBe(translated ? language : MARKET_LANGUAGE[country]);
      }
    }
  });

  it('records with a declaration the version of the texts the page shows (src/shared/legal-versions.ts)', () => {
    for (const country of COUNTRIES) {
      for (const language of LANGUAGES) {
        for (const version of Object.values(legalVersionsOf(country, language))) {
          const [, market, textLanguage, kind] = /^(\w+)\/(\w+)\/([\w-]+)@\d{4}-\d{2}(?:-\d{2})?$/.exec(version) ?? [];
          expect(market, version).toBe(country);
          expect(textLanguage, version).toBe(language);
          expect(findLegalText(country, language, kind as LegalDocumentKind), version).toMatchObject({ country, language });
        }
      }
    }
  });

  it('keeps each text on its own market: no German text under the UK or Italy, no UK text in Germany', () => {
    for (const kind of ['datenschutz', 'nutzungsbedingungen', 'impressum'] as const) {
      expect(findLegalText('de', 'en', kind)?.country).toBe('de');
      expect(findLegalText('uk', 'en', kind)).toBeUndefined();
      expect(findLegalText('it', 'de', kind)).toBeUndefined();
    }
    expect(findLegalText('de', 'de', 'privacy-policy')).toBeUndefined();
  });
});

describe('unset operator details', () => {
  it('leaves out a link with no text instead of an empty mailto link', () => {
    const { html } = renderLegalMarkdown(fillPlaceholders('Write to [{{supportEmail}}](mailto:{{supportEmail}}).', { supportEmail: '' }));
    expect(html).toBe('<p>Write to .</p>\n');
  });
});

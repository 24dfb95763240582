import { describe, expect, it } from 'vitest';
import { fillPlaceholders, findLegalText, renderLegalMarkdown, slugify } from './legal-document.ts';

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

  it('chooses the text by market and language, falling back to the market language', () => {
    expect(findLegalText('uk', 'en', 'privacy-policy')?.language).toBe('en');
    expect(findLegalText('uk', 'it', 'privacy-policy')?.language).toBe('en');
    expect(findLegalText('it', 'en', 'terms-and-conditions')?.language).toBe('it');
  });

  it('chooses the German text of a German legal page on every market and in every language', () => {
    for (const kind of ['datenschutz', 'nutzungsbedingungen', 'impressum'] as const) {
      expect(findLegalText('de', 'de', kind)).toEqual({ path: `../../content/de/de/${kind}.md`, country: 'de', language: 'de' });
      expect(findLegalText('uk', 'en', kind)).toEqual({ path: `../../content/de/de/${kind}.md`, country: 'de', language: 'de' });
      expect(findLegalText('it', 'de', kind)?.path).toBe(`../../content/de/de/${kind}.md`);
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

// The language files of landing, legal, consent and layout: same keys and placeholders in
// en, it and de, so no English string can show through in the Italian or German pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const I18N = join(import.meta.dirname, '..', '..', 'i18n');
const FILES = ['landing', 'legal', 'consent', 'layout'];
const LANGUAGES = ['en', 'it', 'de'];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe.each(FILES)('%s.json', (file) => {
  const messages = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, flatten(JSON.parse(readFileSync(join(I18N, lang, `${file}.json`), 'utf8')))]),
  );

  it('has the same keys in every language', () => {
    const keys = Object.keys(messages.en!).sort();
    for (const lang of LANGUAGES) expect(Object.keys(messages[lang]!).sort(), lang).toEqual(keys);
  });

  it('has the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(messages.en!)) {
      for (const lang of LANGUAGES) expect(placeholders(messages[lang]![key]!), `${lang} ${key}`).toEqual(placeholders(text));
    }
  });

  it('has no empty strings', () => {
    for (const lang of LANGUAGES) for (const [key, text] of Object.entries(messages[lang]!)) expect(text.trim(), `${lang} ${key}`).not.toBe('');
  });
});

describe('charter commitments', () => {
  it('has ten in every language', () => {
    for (const lang of LANGUAGES) {
      const landing = JSON.parse(readFileSync(join(I18N, lang, 'landing.json'), 'utf8')) as { charter: Record<string, string> };
      expect(Object.keys(landing.charter).sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    }
  });
});

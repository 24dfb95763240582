import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/markets.ts';
import { initI18n, loadMessages } from './i18n.ts';

const root = join(import.meta.dirname, '..', '..', 'shared', 'i18n', 'messages');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

describe('i18n files', () => {
  const files = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));

  it('every language has the same files', () => {
    for (const lang of LANGUAGES) expect(readdirSync(join(root, lang)).sort()).toEqual(files.sort());
  });

  it.each(files)('%s has the same keys and placeholders in en, it and de', (file) => {
    const en = flatten(JSON.parse(readFileSync(join(root, 'en', file), 'utf8')));
    for (const lang of ['it', 'de']) {
      const other = flatten(JSON.parse(readFileSync(join(root, lang, file), 'utf8')));
      expect(Object.keys(other).sort(), `${lang}/${file} keys`).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(placeholders(other[key] ?? ''), `${lang}/${file} ${key}`).toEqual(placeholders(en[key]!));
        expect(other[key]!.trim(), `${lang}/${file} ${key} is empty`).not.toBe('');
      }
    }
  });

  it('no key is defined by two files of one language', () => {
    for (const lang of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const file of readdirSync(join(root, lang))) {
        for (const key of Object.keys(flatten(JSON.parse(readFileSync(join(root, lang, file), 'utf8'))))) {
          expect(seen.get(key), `${lang}: ${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
          seen.set(key, file);
        }
      }
    }
  });

  it('loads only the requested language and merges its files', async () => {
    const it = await loadMessages('it');
    expect(flatten(it)['common.loading']).toBe('Caricamento in corso…');
    const i18n = await initI18n('de', { product: 'X' });
    expect(i18n.t('common.loading')).toBe('Wird geladen …');
  });
});

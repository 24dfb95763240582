// The message files (src/shared/i18n/messages, decision 0077) held to the market table's languages:
// the same files and keys in each, no key that nothing names, no English left in another language
// unless listed as deliberate, and no e-mail words written inline in a server module.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FILES, SERVER_MESSAGE_FILES } from '#shared/i18n/messages.ts';
import { LANGUAGES } from '#shared/markets.ts';
import { initI18n, loadMessages } from './i18n.ts';

const src = join(import.meta.dirname, '..', '..');
const root = join(src, 'shared', 'i18n', 'messages');
const [english, ...others] = LANGUAGES;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const read = (lang: string, file: string) => flatten(JSON.parse(readFileSync(join(root, lang, file), 'utf8')));
/** A language's message files, the server's (server/*.json) included. */
const filesOf = (lang: string) =>
  readdirSync(join(root, lang), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .sort();
const allOf = (lang: string) => filesOf(lang).reduce<Record<string, string>>((all, file) => ({ ...all, ...read(lang, file) }), {});
const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

/** The product's source files, tests and lint fixtures left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Keys that no source names in full, because a component is handed the first part of the key
 * as a prop: the reason for each, so a key does not stay here after its last use goes.
 */
const BUILT_KEYS: Record<string, string> = {
  // my-application-page.tsx hands LinkNotValidView texts="myApplication.linkNotValid"; the view reads `${texts}.${part}`.
  'myApplication.linkNotValid.why': 'LinkNotValidView texts prop',
  'myApplication.linkNotValid.next': 'LinkNotValidView texts prop',
  'myApplication.linkNotValid.newLink': 'LinkNotValidView texts prop',
};

/**
 * Values that are the same words in English and in another language on purpose (names, loanwords
 * in use, codes, and patterns made only of placeholders and punctuation), by language.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  it: [
    'apiKeys.columns.name', // "App"
    'apiKeys.columns.quota', // "Quota"
    'form.no', // "No"
    'form.training.no',
    'review.values.no',
    'howHeard.email', // "Email", as Italian forms write it
    'howHeard.social_media', // "Social media"
    'staff.mainAdmin.email',
    'staff.mainAdmin.id', // "ID"
    'staff.mainAdmin.caption_one', // "{{count}} area manager": the role's name in Italian companies
    'staff.roles.area_manager',
    'myData.fields.emailsCount_one', // "{{count}} e-mail"
    'privacyRecord.processor.hosting', // "Hosting"
    'review.reviewers.state', // "Account"
    'landing.it.pageTitle', // "{{product}} Italia": the Italian market's own name
  ],
  de: [
    'apiKeys.columns.name', // "App"
    'staff.mainAdmin.id', // "ID"
    'myData.fields.name', // "Name"
    'privacyRecord.processor.hosting', // "Hosting"
    'review.filters.status', // "Status"
    'review.columns.status',
    'staff.region.label', // "Region"
    'staff.fieldNames.region',
    'landing.it.pageTitle', // "{{product}} Italia": the Italian market's own name
  ],
};

/** Placeholders and punctuation alone: nothing to translate. */
const onlyPlaceholders = (text: string) => !/\p{L}/u.test(text.replace(/{{\s*[\w.]+\s*}}/g, ''));

describe('i18n files', () => {
  const files = filesOf(english);

  it('every language of the market table has the same files, the ones #shared/i18n/messages.ts loads', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...MESSAGE_FILES, ...SERVER_MESSAGE_FILES].sort());
    for (const lang of LANGUAGES) expect(filesOf(lang), lang).toEqual(files);
  });

  it.each(files)('%s has the same keys and placeholders in every language', (file) => {
    const en = read(english, file);
    for (const lang of others) {
      const other = read(lang, file);
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
      for (const file of filesOf(lang)) {
        for (const key of Object.keys(read(lang, file))) {
          expect(seen.get(key), `${lang}: ${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
          seen.set(key, file);
        }
      }
    }
  });

  // A key is named when the source quotes it in full (t('…'), i18nKey="…", a list of keys), when a
  // template literal builds it (t(`mail.decision.${decision}.subject`)), or when it is a form's
  // texts namespace (the catalogue's `texts: '…'`) followed by a key the source names: the form
  // runner and the sections look a key up in the form's namespace first (useFormText). A template
  // of variables alone (`${ns}.${key}`) names nothing. Plural and context forms (_one, _other,
  // _vowel) count as their key.
  it('every key is named somewhere in the source (or listed in BUILT_KEYS with its reason)', () => {
    const source = sourceFiles(src)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const quoted = (key: string) => source.includes(`'${key}'`) || source.includes(`"${key}"`) || source.includes(`\`${key}\``);
    const templates = [...source.matchAll(/`([^`]*\$\{[^`]*)`/g)].map((m) => m[1]!);
    const pattern = (template: string) =>
      new RegExp(
        `^${template
          .split(/\$\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
          .join('.+')}$`,
      );
    // A template names full keys when it starts with a namespace (`mail.decision.${decision}.subject`),
    // and keys inside a form's namespace when it starts with one (`${ns}.headings.${step}`).
    const fullKeys = templates.filter((t) => /^[\w-]+\./.test(t)).map(pattern);
    const formKeys = templates.flatMap((t) => (/^\$\{[^}]*\}\.[\w-]/.exec(t) ? [pattern(t.replace(/^\$\{[^}]*\}\./, ''))] : []));
    const namespaces = ['catalogue.ts', 'sections.ts'].flatMap((file) =>
      [...readFileSync(join(src, 'shared', 'forms', file), 'utf8').matchAll(/texts: '([\w.-]+)'/g)].map((m) => m[1]!),
    );
    const named = (key: string) =>
      quoted(key) ||
      fullKeys.some((p) => p.test(key)) ||
      namespaces.some(
        (ns) =>
          key.startsWith(`${ns}.`) && [key.slice(ns.length + 1)].some((inForm) => quoted(inForm) || [...fullKeys, ...formKeys].some((p) => p.test(inForm))),
      );
    const unused = Object.keys(allOf(english)).filter(
      (key) => !(key in BUILT_KEYS) && ![key, key.replace(/(_(zero|one|two|few|many|other|vowel))+$/, '')].some(named),
    );
    expect(unused, 'keys no source names: remove them, or list them in BUILT_KEYS with the reason').toEqual([]);
    for (const key of Object.keys(BUILT_KEYS)) expect(allOf(english)[key], `BUILT_KEYS lists ${key}, which no file has`).toBeDefined();
  });

  it.each(others)('no %s value is left in English unless SAME_AS_ENGLISH lists it', (lang) => {
    const en = allOf(english);
    const other = allOf(lang);
    const same = Object.keys(en).filter((key) => other[key] === en[key] && !onlyPlaceholders(en[key]!));
    expect(same.sort()).toEqual([...(SAME_AS_ENGLISH[lang] ?? [])].sort());
  });

  it('loads only the requested language and merges its files', async () => {
    const it = await loadMessages('it', MESSAGE_FILES);
    expect(flatten(it)['common.loading']).toBe('Caricamento in corso…');
    const i18n = await initI18n('de', { product: 'X' }, MESSAGE_FILES);
    expect(i18n.t('common.loading')).toBe('Wird geladen …');
  });
});

// The words of every e-mail are in the message files (server/mail.json): a server module that keeps
// texts per language inline has the shape of a word table, an object with a property per
// language code of the market table (`en: '…'`, `it: (w) => …`, `de: { subject: … }`), or an
// object literal typed Record<Language, …>. Tests and test helpers (src/server/test) are left out.
describe('no words inline in the server', () => {
  const languageKey = new RegExp(`^\\s*['"]?(${LANGUAGES.join('|')})['"]?\\s*:\\s*(['"\`{(]|\\w+\\s*=>)`, 'm');
  const wordTable = /Record<\s*(Language|'[a-z]{2}'(\s*\|\s*'[a-z]{2}')*)\s*,[^;]*?>\s*=\s*\{/;
  const modules = sourceFiles(join(src, 'server')).filter((file) => !file.includes(`${join('server', 'test')}/`));

  it('finds no per-language word table in a server module', () => {
    const tables = modules.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      const found = languageKey.exec(code)?.[0] ?? wordTable.exec(code)?.[0];
      return found ? [`${file.slice(src.length + 1)}: ${found.trim()}`] : [];
    });
    expect(tables, 'move these words into the message files (server/mail.json) and read them with services/texts.ts').toEqual([]);
  });
});

// The one way to the product's words (decision 0077): every language's message files live under
// ./messages/<language>/<file>.json, and both the web app (src/web/lib/i18n.ts) and the server
// (src/server/services/texts.ts) read them through loadMessages: one lazy chunk per file in a Vite
// build, a JSON import under Node, so a page downloads only the files it names. All files of a
// language merge into one namespace: keys read as in the specification (e.g.
// 'step3.errorEmailIsAlreadyRegistered').
import type { Language } from '../markets.ts';

/**
 * The message files of every language that pages load (the parity test, src/web/lib/i18n.test.ts,
 * holds these lists to the folders).
 */
export const MESSAGE_FILES = [
  'api-keys',
  'charter',
  'common',
  'components',
  'consent',
  'finder',
  'form',
  'italy',
  'landing',
  'layout',
  'legal',
  'manager',
  'myApplication',
  'myData',
  'preview',
  'privacy',
  'public-api',
  'reference',
  'rep-today',
  'reps',
  'review-checks',
  'review',
  'sign-in',
  'staff',
  'steps',
] as const;

/**
 * Words only the server writes (every e-mail's), in ./messages/<language>/server/: the web build's
 * map of message files (one folder per language, one level deep) never reaches them, so no page's
 * entry grows.
 */
export const SERVER_MESSAGE_FILES = ['server/mail'] as const;

export type Messages = Record<string, unknown>;

/** A message file's module as the web build names it (a Vite manifest key, relative to src/web). */
export const messageModule = (language: Language, file: string) => `../shared/i18n/messages/${language}/${file}.json`;

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      value && typeof value === 'object' && existing && typeof existing === 'object' ? deepMerge({ ...(existing as Messages) }, value as Messages) : value;
  }
  return target;
}

/**
 * In a Vite build (the browser's, the server-side renderer's, the tests'): one lazy chunk per file,
 * the map Vite writes in place of this call. Under Node (the server) there is no import.meta.env,
 * and each file is imported as JSON, as the server's own files are everywhere.
 */
const bundled = import.meta.env ? import.meta.glob<Messages>('./messages/*/*.json', { import: 'default' }) : null;

async function loadFile(language: Language, file: string): Promise<Messages> {
  const path = `./messages/${language}/${file}.json`;
  const load = bundled?.[path];
  if (load) return load();
  // The server's own files (./messages/<language>/server/), which no build bundles.
  return ((await import(/* @vite-ignore */ path, { with: { type: 'json' } })) as { default: Messages }).default;
}

/** The messages of one language: the named files, merged. */
export async function loadMessages(language: Language, files: readonly string[]): Promise<Messages> {
  const parts = await Promise.all(files.map((file) => loadFile(language, file)));
  return parts.reduce<Messages>((all, part) => deepMerge(all, part), {});
}

// The one way to the product's words (decision 0077): every language's message files live under
// ./messages/<language>/<file>.json, and both the web app (src/web/lib/i18n.ts) and the server
// (src/server/services/texts.ts) read them through loadMessages. Each file is imported on its own
// with a variable path, which Vite turns into one lazy chunk per file and Node reads as JSON, so a
// page downloads only the files it names. All files of a language merge into one namespace: keys
// read as in the specification (e.g. 'step3.errorEmailIsAlreadyRegistered').
import type { Language } from '../markets.ts';

/** The message files of every language (the parity test, src/web/lib/i18n.test.ts, holds this list to the folders). */
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
  'mail',
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
export type MessageFile = (typeof MESSAGE_FILES)[number];

export type Messages = Record<string, unknown>;

/** A message file's module as the web build names it (a Vite manifest key, relative to src/web). */
export const messageModule = (language: Language, file: string) => `../shared/i18n/messages/${language}/${file}.json`;

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      value && typeof value === 'object' && existing && typeof existing === 'object'
        ? deepMerge({ ...(existing as Messages) }, value as Messages)
        : value;
  }
  return target;
}

/** The messages of one language: the named files, or all of them, merged. */
export async function loadMessages(language: Language, files: readonly string[] = MESSAGE_FILES): Promise<Messages> {
  const parts = await Promise.all(
    files.map(async (file) => ((await import(`./messages/${language}/${file}.json`, { with: { type: 'json' } })) as { default: Messages }).default),
  );
  return parts.reduce<Messages>((all, part) => deepMerge(all, part), {});
}

// i18next set up with only the visitor's language loaded. Each feature keeps its strings in
// src/web/i18n/<lang>/<feature>.json; all files of a language merge into one namespace, so keys
// read as in the specification (e.g. 'step3.errorEmailIsAlreadyRegistered'). The shell's files
// load at start; a page's own files load with the page (see app/routes.tsx), which keeps the
// strings of the form out of the landing page's download.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#shared/markets.ts';
import { SHELL_MESSAGES } from '#shared/page-modules.ts';

type Messages = Record<string, unknown>;

/** Files every page needs: the header, footer, cookie notice and common words (the server preloads them). */
export { SHELL_MESSAGES };

const loaders = import.meta.glob<Messages>('../i18n/*/*.json', { import: 'default' });

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

/** The messages of one language: the named feature files, or all of them. */
export async function loadMessages(language: Language, features?: readonly string[]): Promise<Messages> {
  const files = Object.entries(loaders).filter(([path]) => {
    const match = /\/i18n\/(\w+)\/([\w-]+)\.json$/.exec(path);
    return match?.[1] === language && (!features || features.includes(match[2]!));
  });
  const parts = await Promise.all(files.map(([, load]) => load()));
  return parts.reduce<Messages>((all, part) => deepMerge(all, part), {});
}

let active: i18n | null = null;

export async function initI18n(
  language: Language,
  extra: Record<string, unknown> = {},
  features?: readonly string[],
): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await loadMessages(language, features) } },
    interpolation: { escapeValue: false, defaultVariables: extra },
    returnNull: false,
  });
  active = instance;
  return instance;
}

const loaded = new Set<string>();

/** Adds a page's message files to the running app (no-op for files already there). */
export async function loadFeatureMessages(features: readonly string[]): Promise<void> {
  const instance = active;
  if (!instance) return;
  const language = instance.language as Language;
  const missing = features.filter((f) => !loaded.has(`${language}/${f}`));
  if (!missing.length) return;
  const messages = await loadMessages(language, missing);
  instance.addResourceBundle(language, 'translation', messages, true, true);
  missing.forEach((f) => loaded.add(`${language}/${f}`));
}

// i18next set up with only the visitor's language loaded. The message files are read through
// #shared/i18n/messages.ts (decision 0077); all files of a language merge into one namespace. The
// shell's files load at start; a page's own files load with the page (see app/routes.tsx), which
// keeps the strings of the form out of the landing page's download.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#shared/markets.ts';
import { loadMessages } from '#shared/i18n/messages.ts';
import { SHELL_MESSAGES } from '#shared/page-modules.ts';

/** Files every page needs: the header, footer, cookie notice and common words (the server preloads them). */
export { SHELL_MESSAGES };
export { loadMessages };

let active: i18n | null = null;

export async function initI18n(
  language: Language,
  extra: Record<string, unknown>,
  /** The message files to start with: the shell's in the browser (a page adds its own), all of them on the server. */
  features: readonly string[],
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

// The words the server writes (e-mails, CSV files, the PDF copy of an application, page heads):
// the same message files the pages load, read through #shared/i18n/messages.ts (decision 0077),
// with one i18next instance per language, so a label has one source whether a page shows it or a
// file or an e-mail does. Loaded once when the server starts.
import i18next, { type i18n } from 'i18next';
import type { Words } from '#shared/forms/answer-words.ts';
import { loadMessages, MESSAGE_FILES, SERVER_MESSAGE_FILES } from '#shared/i18n/messages.ts';
import { isLanguage, LANGUAGES, type Language } from '#shared/markets.ts';

async function createInstance(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await loadMessages(language, [...MESSAGE_FILES, ...SERVER_MESSAGE_FILES]) } },
    // Keys are dotted paths alone; a value missing from a call keeps its {{placeholder}} as written.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (_text: string, match: RegExpExecArray) => match[0],
    returnNull: false,
  });
  return instance;
}

const INSTANCES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await createInstance(language)] as const))) as Record<
  Language,
  i18n
>;

/** A message with its `{{name}}` placeholders filled. */
export type Texts = (key: string, values?: Record<string, string | number>) => string;

/**
 * The messages of one language. A key that no file holds throws, never answers the key itself: the
 * mail tests build every mail in every language (mail/every-mail.test.ts), so a typo fails them.
 */
export function texts(language: Language): Texts {
  const instance = INSTANCES[language];
  return (key, values = {}) => {
    if (!instance.exists(key, values)) throw new Error(`no ${language} message ${key}`);
    return instance.t(key, values);
  };
}

/** Whether a language has a message (for the parts of a text that only some of its kinds have). */
export function hasText(language: Language, key: string): boolean {
  return INSTANCES[language].exists(key);
}

/** The messages of one language as the shared answer wording looks them up: the first key found, else the fallback. */
export function textWords(language: Language): Words {
  const instance = INSTANCES[language];
  return (keys, fallback) => {
    const key = keys.find((candidate) => instance.exists(candidate));
    return key === undefined ? fallback : instance.t(key);
  };
}

/**
 * A language as a row stores it (free text): one of the market table's languages, else its first.
 * The forms store only those; the mails take a Language, so words missing for a language are a
 * type error, never a silent fallback inside a mail.
 */
export function storedLanguage(stored: string): Language {
  return isLanguage(stored) ? stored : LANGUAGES[0];
}

// i18next set up with only the visitor's language loaded. Each feature keeps its strings in
// src/web/i18n/<lang>/<feature>.json; all files of a language merge into one namespace, so keys
// read as in the specification (e.g. 'step3.errorEmailIsAlreadyRegistered').
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#shared/markets.ts';

type Messages = Record<string, unknown>;

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

export async function loadMessages(language: Language): Promise<Messages> {
  const files = Object.entries(loaders).filter(([path]) => path.includes(`/i18n/${language}/`));
  const parts = await Promise.all(files.map(([, load]) => load()));
  return parts.reduce<Messages>((all, part) => deepMerge(all, part), {});
}

export async function initI18n(language: Language, extra: Record<string, unknown> = {}): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await loadMessages(language) } },
    interpolation: { escapeValue: false, defaultVariables: extra },
    returnNull: false,
  });
  return instance;
}

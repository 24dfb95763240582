// The words around a legal text (title, Back, contents, date) in a given language. A text under
// German law is German on every market, so its page speaks German even to an English visitor,
// whose i18n instance holds only English: the German 'legal' file is then loaded beside it. The
// page suspends until it is there, so the server's HTML already speaks that language (decision 0037).
import type { i18n as I18n, TFunction } from 'i18next';
import { use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/markets.ts';
import { loadMessages } from '../../lib/i18n.ts';

const loads = new WeakMap<I18n, Map<Language, Promise<boolean>>>();

/** Adds `language`'s legal words to the instance, once; resolves whether they came. */
function legalMessages(i18n: I18n, language: Language): Promise<boolean> {
  let ofInstance = loads.get(i18n);
  if (!ofInstance) loads.set(i18n, (ofInstance = new Map()));
  let load = ofInstance.get(language);
  if (!load) {
    load = loadMessages(language, ['legal']).then(
      (messages) => {
        i18n.addResourceBundle(language, 'translation', messages, true, true);
        return true;
      },
      () => false,
    );
    ofInstance.set(language, load);
  }
  return load;
}

/** `t` for `language` (the visitor's own `t` should its words fail to load: the page still works). */
export function useLegalMessages(language: Language): TFunction {
  const { t, i18n } = useTranslation();
  const own = i18n.language === language;
  const present = own || i18n.exists('legal.back', { lng: language }) || use(legalMessages(i18n, language));
  return useMemo(() => (own || !present ? t : i18n.getFixedT(language)), [own, present, t, i18n, language]);
}

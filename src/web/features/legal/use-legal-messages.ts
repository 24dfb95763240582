// The words around a legal text (title, Back, contents, date) in a given language. A text under
// German law is German on every market, so its page speaks German even to an English visitor,
// whose i18n instance holds only English: the German 'legal' file is then loaded beside it.
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/markets.ts';
import { loadMessages } from '../../lib/i18n.ts';

/** `t` for `language`, or undefined while its messages load. */
export function useLegalMessages(language: Language): TFunction | undefined {
  const { t, i18n } = useTranslation();
  const [settled, setSettled] = useState<{ language: Language; ok: boolean } | null>(null);
  const own = i18n.language === language;
  const present = own || i18n.exists('legal.back', { lng: language });
  const failed = settled?.language === language && !settled.ok;

  useEffect(() => {
    if (present) return;
    let current = true;
    loadMessages(language, ['legal']).then(
      (messages) => {
        i18n.addResourceBundle(language, 'translation', messages, true, true);
        if (current) setSettled({ language, ok: true });
      },
      () => current && setSettled({ language, ok: false }),
    );
    return () => {
      current = false;
    };
  }, [present, language, i18n]);

  return useMemo(() => {
    if (own) return t;
    if (present) return i18n.getFixedT(language);
    // Without them the page still works, in the visitor's own language.
    return failed ? t : undefined;
  }, [own, present, failed, t, i18n, language]);
}

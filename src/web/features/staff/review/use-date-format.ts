// Dates on the review pages in the page's language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAG, isLanguage } from '#shared/markets.ts';

export function useDateFormat(withTime = false): (iso: string) => string {
  const { i18n } = useTranslation();
  const tag = isLanguage(i18n.language) ? LANGUAGE_TAG[i18n.language] : 'en-GB';
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(tag, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso)),
    [tag, withTime],
  );
}

// Markets named in the page's language, as a list ("Germany and Italy"); none set reads as every market.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAG, isLanguage, type Country } from '#shared/markets.ts';

export function useMarketNames(): (markets: readonly Country[]) => string {
  const { t, i18n } = useTranslation();
  const tag = isLanguage(i18n.language) ? LANGUAGE_TAG[i18n.language] : 'en-GB';
  return useCallback(
    (markets: readonly Country[]) =>
      markets.length === 0
        ? t('review.filters.allMarkets')
        : new Intl.ListFormat(tag, { type: 'conjunction' }).format(markets.map((m) => t(`review.market.${m}`))),
    [t, tag],
  );
}

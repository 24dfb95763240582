import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../lib/site-context.tsx';

/** Sets document.title to a staff page's title followed by the product name. */
export function usePageTitle(key: string, prefixError = false) {
  const { t } = useTranslation();
  const { config } = useSite();
  useEffect(() => {
    const title = t('staff.pageTitle', { page: t(key), product: config.productName });
    document.title = prefixError ? `${t('components.errorPrefix')} ${title}` : title;
  }, [t, key, config.productName, prefixError]);
}

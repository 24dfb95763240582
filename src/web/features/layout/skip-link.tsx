import { useTranslation } from 'react-i18next';
import './layout.css';

/** First focusable element of every page: jumps past the header to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('layout.skipLink')}
    </a>
  );
}

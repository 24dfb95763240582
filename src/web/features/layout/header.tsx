import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGE_TABLE, LANGUAGES, LANGUAGE_TAG, type Language } from '#shared/markets.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import './layout.css';

export function Header() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const { pathname, search } = useLocation();

  /** The same page in another language; a full load, since the language is chosen at start-up. */
  function languageTarget(language: Language) {
    const params = new URLSearchParams(search);
    params.set('lang', language);
    return { pathname, search: `?${params.toString()}` };
  }

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={localPath('/')} className="site-header__product">
          {config.productName}
        </Link>
        <nav className="language-switcher" aria-label={t('layout.languageSwitcher')}>
          <ul>
            {LANGUAGES.map((language) => {
              const current = language === config.language;
              return (
                <li key={language}>
                  <Link
                    reloadDocument
                    to={languageTarget(language)}
                    lang={LANGUAGE_TAG[language]}
                    hrefLang={LANGUAGE_TAG[language]}
                    aria-current={current ? 'true' : undefined}
                  >
                    {LANGUAGE_TABLE[language].name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}

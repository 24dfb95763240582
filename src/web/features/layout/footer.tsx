import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { routePath } from '#shared/routes.ts';
import { openCookieSettings } from '../../lib/consent-cookies.ts';
import './layout.css';

export function Footer() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  // German law wants the Impressum on every page of the German market, in whatever language it is read.
  const german = config.country === 'de';
  // The promotional code line is approved for English in the UK market only (spec §2, screen 10).
  const ukEnglish = config.country === 'uk' && config.language === 'en';

  const links = german
    ? [
        { to: routePath('nutzungsbedingungen'), label: t('layout.footer.termsOfUse') },
        { to: routePath('datenschutz'), label: t('layout.footer.privacy') },
        { to: routePath('impressum'), label: t('layout.footer.imprint') },
      ]
    : [
        { to: routePath('privacyPolicy'), label: t('layout.footer.privacy') },
        { to: routePath('terms'), label: t('layout.footer.terms') },
      ];

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('layout.footer.navigation')}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={localPath(link.to)}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className="site-footer__link-button" onClick={openCookieSettings}>
                {t('layout.footer.cookieSettings')}
              </button>
            </li>
            <li>
              <Link to={localPath(routePath('myDataRequest'))}>{t('layout.footer.myData')}</Link>
            </li>
          </ul>
        </nav>
        {ukEnglish && <p className="site-footer__promo">{t('layout.footer.promoCode')}</p>}
        {config.operator.company && (
          <p className="site-footer__copyright">
            {t('layout.footer.copyright', { year: new Date().getFullYear(), company: config.operator.company })}
          </p>
        )}
      </div>
    </footer>
  );
}

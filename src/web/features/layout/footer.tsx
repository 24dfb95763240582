import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { ROUTES, routePath } from '#shared/routes.ts';
import { MARKETS } from '#shared/markets.ts';
import { legalPagesOf, type LegalPageName } from '#shared/page-modules.ts';
import { openCookieSettings } from '../../lib/consent-cookies.ts';
import './layout.css';

/** Each legal page's link text (the market's entry says which it has, in which order). */
const LINK_TEXT: Record<LegalPageName, string> = {
  privacyPolicy: 'layout.footer.privacy',
  terms: 'layout.footer.terms',
  nutzungsbedingungen: 'layout.footer.termsOfUse',
  datenschutz: 'layout.footer.privacy',
  impressum: 'layout.footer.imprint',
  accessibility: 'layout.footer.accessibility',
  barrierefreiheit: 'layout.footer.accessibility',
};

export function Footer() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  // The promotional code line is approved for one market, in its own language only (spec §2, screen 10).
  const market = MARKETS[config.country];
  const promoCode = market.footerPromoCode && config.language === market.language;

  // The market's legal pages, in whatever language they are read (German law wants the Impressum on every page).
  const links = legalPagesOf(config.country).map((page) => ({ to: ROUTES[page], label: t(LINK_TEXT[page]) }));

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
        {promoCode && <p className="site-footer__promo">{t('layout.footer.promoCode')}</p>}
        {config.operator.company && (
          <p className="site-footer__copyright">{t('layout.footer.copyright', { year: new Date().getFullYear(), company: config.operator.company })}</p>
        )}
      </div>
    </footer>
  );
}

// A non-modal cookie notice at the top of the page (GOV.UK pattern): it does not trap focus or
// block the page. It asks only about the optional categories the market really has (see
// optionalCategories); with none, it is a notice with a single acknowledgement. The footer's
// "Cookie settings" reopens it, to change or withdraw the choice.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { routePath } from '#shared/routes.ts';
import {
  hasConsent,
  isNoticeClosed,
  onOpenCookieSettings,
  optionalCategories,
  saveConsent,
  type CookieCategory,
} from '../../lib/consent-cookies.ts';
import './cookie-notice.css';

export interface CookieNoticeProps {
  /** Who reads the page: only staff pages mention the cookie that keeps staff signed in. */
  audience?: 'applicants' | 'staff';
}

export function CookieNotice({ audience = 'applicants' }: CookieNoticeProps) {
  const { t } = useTranslation();
  const { config, cookies } = useSite();
  const localPath = useLocalPath();
  const id = useId();
  // On the server, the request's cookies: the page's HTML shows the notice as the browser first renders it.
  const doc = cookies === undefined ? document : ({ cookie: cookies } as Document);
  const [open, setOpen] = useState(() => !isNoticeClosed(doc));
  const [mapAllowed, setMapAllowed] = useState(() => hasConsent('map', doc));
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Where focus goes back to after a reopened notice closes (the footer's link). */
  const opener = useRef<HTMLElement | null>(null);
  const asksAboutMap = optionalCategories(config).includes('map');

  useEffect(
    () =>
      onOpenCookieSettings(() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setMapAllowed(hasConsent('map'));
        setOpen(true);
        headingRef.current?.focus(); // already open: the effect below does not run again
      }),
    [],
  );

  // Reopened on request: take the reader (and a screen reader) to it.
  useEffect(() => {
    if (open && opener.current) headingRef.current?.focus();
  }, [open]);

  if (!open) return null;

  const headingId = `${id}-heading`;
  const policyPath = config.country === 'de' ? routePath('datenschutz') : routePath('privacyPolicy');

  function close(categories: readonly CookieCategory[]) {
    saveConsent(categories);
    const hadFocus = document.activeElement?.closest('.cookie-notice') != null;
    setOpen(false);
    // The focused button is about to disappear: continue where the notice was opened from, or
    // else from the page's main content.
    if (hadFocus) (opener.current ?? document.getElementById('main'))?.focus();
    opener.current = null;
  }

  return (
    <section className="cookie-notice" aria-labelledby={headingId}>
      <div className="cookie-notice__inner">
        <h2 id={headingId} ref={headingRef} className="cookie-notice__heading" tabIndex={-1}>
          {t('consent.heading')}
        </h2>
        <p>{t(audience === 'staff' ? 'consent.essential.staff' : 'consent.essential.applicants')}</p>
        {asksAboutMap && (
          <p>
            {t('consent.map.about')} {t(mapAllowed ? 'consent.map.allowed' : 'consent.map.question')}
          </p>
        )}
        <div className="cookie-notice__actions">
          {asksAboutMap && mapAllowed && (
            <>
              <button type="button" className="button" onClick={() => close(['essential'])}>
                {t('consent.map.withdraw')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => close(['essential', 'map'])}>
                {t('consent.map.keep')}
              </button>
            </>
          )}
          {asksAboutMap && !mapAllowed && (
            <>
              <button type="button" className="button" onClick={() => close(['essential', 'map'])}>
                {t('consent.map.allow')}
              </button>
              <button type="button" className="button" onClick={() => close(['essential'])}>
                {t('consent.map.refuse')}
              </button>
            </>
          )}
          {!asksAboutMap && (
            <button type="button" className="button" onClick={() => close(['essential'])}>
              {t('consent.acknowledge')}
            </button>
          )}
        </div>
        <p className="cookie-notice__policy">
          <Link to={localPath(policyPath)}>{t('consent.policyLink')}</Link>
        </p>
      </div>
    </section>
  );
}

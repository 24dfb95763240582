// A non-modal cookie notice at the top of the page (GOV.UK pattern): it does not trap focus or
// block the page. It asks only about the optional categories the market really has (see
// optionalCategories); with none, it is a notice with a single acknowledgement. The footer's
// "Cookie settings" reopens it, to change or withdraw the choice.
// It is a region named by its first line, not a heading: a heading here would come before the
// page's own h1 for a reader who moves by headings. Its buttons send a plain form that the server
// answers with the same cookies (routes/cookie-consent.ts), so it closes with scripting off too.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSENT_FORM_PATH } from '#shared/limits.ts';
import { MARKETS } from '#shared/markets.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { routePath } from '#shared/routes.ts';
import { hasConsent, isNoticeClosed, onOpenCookieSettings, optionalCategories, saveConsent, type CookieCategory } from '../../lib/consent-cookies.ts';
import './cookie-notice.css';

export interface CookieNoticeProps {
  /** Who reads the page: only staff pages mention the cookie that keeps staff signed in. */
  audience?: 'applicants' | 'staff';
}

export function CookieNotice({ audience = 'applicants' }: CookieNoticeProps) {
  const { t } = useTranslation();
  const { config, server } = useSite();
  const localPath = useLocalPath();
  const id = useId();
  // On the server, the request's cookies: the page's HTML shows the notice as the browser first renders it.
  const doc = server ? ({ cookie: server.cookies } as Document) : document;
  const [open, setOpen] = useState(() => !isNoticeClosed(doc));
  const [mapAllowed, setMapAllowed] = useState(() => hasConsent('map', doc));
  const headingRef = useRef<HTMLParagraphElement>(null);
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
  const policyPath = routePath(MARKETS[config.country].legal.privacy);

  function close(categories: readonly CookieCategory[]) {
    saveConsent(categories);
    const hadFocus = document.activeElement?.closest('.cookie-notice') != null;
    setOpen(false);
    // The focused button is about to disappear: continue where the notice was opened from, or
    // else from the page's main content.
    if (hadFocus) (opener.current ?? document.getElementById('main'))?.focus();
    opener.current = null;
  }

  /** A button of the form: with scripts it saves the choice here; without, the form takes it to the server. */
  const choice = (categories: readonly CookieCategory[], label: string, secondary = false): ReactNode => (
    <button
      type="submit"
      name="categories"
      value={categories.join(',')}
      className={secondary ? 'button button--secondary' : 'button'}
      onClick={(event) => {
        event.preventDefault();
        close(categories);
      }}
    >
      {label}
    </button>
  );

  return (
    <section className="cookie-notice" aria-labelledby={headingId}>
      <form className="cookie-notice__inner" method="post" action={CONSENT_FORM_PATH}>
        <p id={headingId} ref={headingRef} className="cookie-notice__heading" tabIndex={-1}>
          {t('consent.heading')}
        </p>
        <p>{t(audience === 'staff' ? 'consent.essential.staff' : 'consent.essential.applicants')}</p>
        {asksAboutMap && (
          <p>
            {t('consent.map.about')} {t(mapAllowed ? 'consent.map.allowed' : 'consent.map.question')}
          </p>
        )}
        <div className="cookie-notice__actions">
          {asksAboutMap && mapAllowed && (
            <>
              {choice(['essential'], t('consent.map.withdraw'))}
              {choice(['essential', 'map'], t('consent.map.keep'), true)}
            </>
          )}
          {asksAboutMap && !mapAllowed && (
            <>
              {choice(['essential', 'map'], t('consent.map.allow'))}
              {choice(['essential'], t('consent.map.refuse'))}
            </>
          )}
          {!asksAboutMap && choice(['essential'], t('consent.acknowledge'))}
        </div>
        <p className="cookie-notice__policy">
          <Link to={localPath(policyPath)}>{t('consent.policyLink')}</Link>
        </p>
      </form>
    </section>
  );
}

// Screen 10: a legal text with a linked table of contents and a Back button, in the page's
// language. A text in another language than the market's own is a translation for information:
// a note above it says so and links to the version that prevails. Should a translation be missing,
// the market's own text is shown, with the words around it in that language too.
import { use, useEffect, useMemo, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIES, CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS, FORM_MINUTES, MIN_AGE } from '#shared/limits.ts';
import { LANGUAGE_TAG, MARKETS, MARKET_LANGUAGE, type Language } from '#shared/markets.ts';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';
import { routePath } from '#shared/routes.ts';
import type { LegalDocumentKind } from '#shared/legal-versions.ts';
import { formatLegalDate } from './legal-dates.ts';
import { fillPlaceholders, loadLegalText, type LegalText, type RenderedLegalDocument } from './legal-document.ts';
import { useLegalMessages } from './use-legal-messages.ts';
import './legal.css';

const TITLE_KEY: Record<LegalDocumentKind, string> = {
  'privacy-policy': 'legal.privacy.title',
  'terms-and-conditions': 'legal.terms.title',
  datenschutz: 'legal.datenschutz.title',
  nutzungsbedingungen: 'legal.nutzungsbedingungen.title',
  impressum: 'legal.impressum.title',
  accessibility: 'legal.accessibility.title',
  barrierefreiheit: 'legal.accessibility.title',
};

/** German legal texts carry their date as "Stand: ...". */
const DATE_KEY: Record<LegalDocumentKind, string> = {
  'privacy-policy': 'legal.lastReviewed',
  'terms-and-conditions': 'legal.lastUpdated',
  datenschutz: 'legal.asOf',
  nutzungsbedingungen: 'legal.asOf',
  impressum: 'legal.asOf',
  accessibility: 'legal.lastReviewed',
  barrierefreiheit: 'legal.lastReviewed',
};

/** Headings numbered in their text (German: sections 1-9, 11, 12) keep those numbers alone; others get the list's. */
function ContentsList({ numbered, children }: { numbered: boolean; children: ReactNode }) {
  // role="list": Safari drops the list role of a list without bullets.
  return numbered ? <ul role="list">{children}</ul> : <ol>{children}</ol>;
}

type Loaded = { status: 'missing' } | { status: 'ready'; text: LegalText };

const loads = new Map<string, Promise<Loaded>>();

/**
 * A page's text, loaded once: the page suspends until it is there, so that the server's HTML
 * carries the whole text and the browser hydrates it as it is (decision 0037). A failed load is
 * tried again on the next visit of the page.
 */
function legalText(country: LegalText['country'], language: Language, kind: LegalDocumentKind): Promise<Loaded> {
  const key = `${country}/${language}/${kind}`;
  let load = loads.get(key);
  if (!load) {
    load = loadLegalText(country, language, kind).then(
      (text): Loaded => (text ? { status: 'ready', text } : { status: 'missing' }),
      (): Loaded => {
        loads.delete(key);
        return { status: 'missing' };
      },
    );
    loads.set(key, load);
  }
  return load;
}

let markdownRenderer: Promise<typeof import('./legal-markdown.ts')> | undefined;
/** The Markdown renderer, loaded once, the first time a page renders a text itself. */
const loadMarkdownRenderer = () => (markdownRenderer ??= import('./legal-markdown.ts'));

/**
 * The text as the server rendered it into this page, while the browser hydrates it: taken from the
 * page as it is (its table of contents from the links the server rendered), so that hydration does
 * not parse the Markdown again (decision 0039). Undefined once the page shows another text.
 */
function serverRenderedText(key: string): RenderedLegalDocument | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.querySelector<HTMLElement>(`.legal__text[data-text="${key}"]`);
  if (!text) return undefined;
  const headings = [...document.querySelectorAll<HTMLAnchorElement>('.legal__contents a[href^="#"]')].map((link) => ({
    id: link.getAttribute('href')!.slice(1),
    text: link.textContent ?? '',
  }));
  return { html: text.innerHTML, headings };
}

export function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  const { config, variant } = useSite();
  const localPath = useLocalPath();
  const navigate = useNavigate();
  const location = useLocation();
  const state = use(legalText(config.country, config.language, kind));
  const pageLanguage: Language = state.status === 'ready' ? state.text.language : config.language;
  const t = useLegalMessages(pageLanguage);
  const title = t(TITLE_KEY[kind]);
  const marketLanguage = MARKET_LANGUAGE[config.country];

  useDocumentTitle(`${title} – ${config.productName}`);

  const privacyPath = localPath(`${variant.modePrefix}${routePath('privacyPolicy')}`);
  const termsPath = localPath(`${variant.modePrefix}${routePath('terms')}`);
  // The German routes are not under a mode prefix.
  const datenschutzPath = localPath(routePath('datenschutz'));
  const nutzungsbedingungenPath = localPath(routePath('nutzungsbedingungen'));
  const impressumPath = localPath(routePath('impressum'));
  const markdown = state.status === 'ready' ? state.text.markdown : '';
  const textKey = `${config.country}/${pageLanguage}/${kind}`;
  const fromServer = useMemo(() => (markdown ? serverRenderedText(textKey) : undefined), [markdown, textKey]);
  // `use` may be called conditionally: only a page that renders its text itself waits for `marked`.
  const renderer = markdown && !fromServer ? use(loadMarkdownRenderer()) : undefined;
  const rendered = useMemo(() => {
    if (fromServer) return fromServer;
    if (!markdown || !renderer) return undefined;
    const { operator } = config;
    return renderer.renderLegalMarkdown(
      fillPlaceholders(markdown, {
        product: config.productName,
        company: operator.company,
        address: operator.address,
        register: operator.register,
        vatNumber: operator.vatNumber,
        responsiblePerson: operator.responsiblePerson,
        supportEmail: operator.supportEmail,
        dpoEmail: operator.dpoEmail,
        phone: operator.phone,
        privacyUrl: `${config.basePath}${privacyPath}`,
        termsUrl: `${config.basePath}${termsPath}`,
        datenschutzUrl: `${config.basePath}${datenschutzPath}`,
        nutzungsbedingungenUrl: `${config.basePath}${nutzungsbedingungenPath}`,
        impressumUrl: `${config.basePath}${impressumPath}`,
        consentCookie: CONSENT_COOKIES.categories,
        noticeCookie: CONSENT_COOKIES.noticeClosed,
        cookieDays: CONSENT_COOKIE_DAYS,
        decisionWeeks: DECISION_WEEKS,
        supportWeeks: CONTACT_SUPPORT_AFTER_WEEKS,
        formMinutes: FORM_MINUTES,
        minAge: MIN_AGE,
        // The periods come from the server's retention settings (issue 42 item 4).
        rejectedMonths: config.retention.RETENTION_REJECTED_MONTHS,
        fieldConfirmationDays: config.retention.FIELD_CONFIRMATION_DAYS,
      }),
    );
  }, [fromServer, renderer, markdown, config, privacyPath, termsPath, datenschutzPath, nutzungsbedingungenPath, impressumPath]);

  // A link to a section (/privacy-policy#cookies) can only scroll once the text is there.
  useEffect(() => {
    if (!rendered || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [rendered, location.hash]);

  function goBack() {
    // 'default' is the key of the first page of a visit: there is nothing to go back to.
    if (location.key !== 'default') navigate(-1);
    else navigate(localPath('/'));
  }

  /** Links inside the text to other pages of this site stay in the app instead of reloading it. */
  function onTextClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//') || anchor?.target) return;
    const base = config.basePath;
    if (base && href !== base && !href.startsWith(`${base}/`) && !href.startsWith(`${base}?`)) return;
    event.preventDefault();
    navigate(href.slice(base.length) || '/');
  }

  const date = state.status === 'ready' ? MARKETS[state.text.country].legalDates[kind] : undefined;
  const translation = state.status === 'ready' && state.text.language !== marketLanguage;
  const prevailingVersion = { pathname: location.pathname, search: `?lang=${marketLanguage}` };

  return (
    <article className="legal" lang={pageLanguage !== config.language ? LANGUAGE_TAG[pageLanguage] : undefined}>
      <button type="button" className="legal__back" onClick={goBack}>
        {t('legal.back')}
      </button>
      <h1>{title}</h1>
      {date && <p className="legal__date">{t(DATE_KEY[kind], { date: formatLegalDate(date, pageLanguage) })}</p>}
      {translation && (
        <p className="legal__translation-note">
          {t(`legal.translation.note.${marketLanguage}`)}{' '}
          <Link reloadDocument to={prevailingVersion} hrefLang={LANGUAGE_TAG[marketLanguage]}>
            {t(`legal.translation.link.${marketLanguage}`)}
          </Link>
        </p>
      )}

      {state.status === 'missing' && (
        <>
          <p>{t('legal.unavailable')}</p>
          <p>
            <Link to={localPath('/')}>{t('legal.home')}</Link>
          </p>
        </>
      )}

      {rendered && (
        <>
          {rendered.headings.length > 0 && (
            <nav className="legal__contents" aria-labelledby="legal-contents-heading">
              <h2 id="legal-contents-heading">{t('legal.contents')}</h2>
              <ContentsList numbered={rendered.headings.every((heading) => /^\d+\.\s/.test(heading.text))}>
                {rendered.headings.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`}>{heading.text}</a>
                  </li>
                ))}
              </ContentsList>
            </nav>
          )}
          {/* The text is our own Markdown; the operator details in it are escaped (fillPlaceholders). */}
          <div className="legal__text" data-text={textKey} onClick={onTextClick} dangerouslySetInnerHTML={{ __html: rendered.html }} />
        </>
      )}
    </article>
  );
}

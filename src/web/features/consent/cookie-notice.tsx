// A non-modal cookie banner at the top of the page (GOV.UK pattern): it does not trap focus
// or block the page, and it goes away for good once the visitor has chosen.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import {
  COOKIE_CATEGORIES,
  OPTIONAL_COOKIE_CATEGORIES,
  isNoticeClosed,
  readConsentCategories,
  saveConsent,
  type CookieCategory,
} from './consent-cookies.ts';
import './cookie-notice.css';

export function CookieNotice() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const id = useId();
  const [open, setOpen] = useState(() => !isNoticeClosed());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [chosen, setChosen] = useState<CookieCategory[]>(() => readConsentCategories());

  if (!open) return null;

  const headingId = `${id}-heading`;
  const settingsId = `${id}-settings`;
  const policyPath = config.country === 'de' ? '/datenschutz' : '/privacy-policy';

  function close(categories: readonly CookieCategory[]) {
    saveConsent(categories);
    const hadFocus = document.activeElement?.closest('.cookie-notice') != null;
    setOpen(false);
    // The focused button is about to disappear: continue from the page's main content.
    if (hadFocus) document.getElementById('main')?.focus();
  }

  function toggle(category: CookieCategory, on: boolean) {
    setChosen((current) => (on ? [...current, category] : current.filter((c) => c !== category)));
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    close(chosen);
  }

  return (
    <section className="cookie-notice" aria-labelledby={headingId}>
      <div className="cookie-notice__inner">
        <h2 id={headingId} className="cookie-notice__heading">
          {t('consent.heading')}
        </h2>
        <p>{t('consent.essential')}</p>
        <p>{t('consent.optional')}</p>
        <div className="cookie-notice__actions">
          <button type="button" className="button" onClick={() => close(COOKIE_CATEGORIES)}>
            {t('consent.acceptAll')}
          </button>
          <button type="button" className="button" onClick={() => close(['essential'])}>
            {t('consent.essentialOnly')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            onClick={() => setSettingsOpen((value) => !value)}
          >
            {t('consent.settings')}
          </button>
        </div>
        <form id={settingsId} className="cookie-notice__settings" hidden={!settingsOpen} onSubmit={onSave}>
          <fieldset>
            <legend>{t('consent.settingsLegend')}</legend>
            <p className="cookie-notice__hint">{t('consent.essentialAlways')}</p>
            {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
              <div className="cookie-notice__choice" key={category}>
                <input
                  type="checkbox"
                  id={`${id}-${category}`}
                  checked={chosen.includes(category)}
                  onChange={(event) => toggle(category, event.target.checked)}
                  aria-describedby={`${id}-${category}-hint`}
                />
                <label htmlFor={`${id}-${category}`}>{t(`consent.categories.${category}.label`)}</label>
                <p id={`${id}-${category}-hint`} className="cookie-notice__hint">
                  {t(`consent.categories.${category}.hint`)}
                </p>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="button">
            {t('consent.save')}
          </button>
        </form>
        <p className="cookie-notice__policy">
          <Link to={localPath(policyPath)}>{t('consent.policyLink')}</Link>
        </p>
      </div>
    </section>
  );
}

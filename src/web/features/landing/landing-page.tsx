// Screen 1: the market's own landing page (spec §2). Kept light: it is the first route a
// visitor loads, so it imports nothing heavier than i18n and the router.
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstFormPath, MARKETS, type Country } from '#shared/markets.ts';
import { DECISION_WEEKS, FORM_MINUTES } from '#shared/limits.ts';
import { CHARTER_COMMITMENTS } from '#shared/reference/options.ts';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';
import { CharterIcon } from '../../components/charter-icons.tsx';
import { CharterList } from '../../components/charter-list.tsx';
import { RichText } from '../../components/rich-text.tsx';
import './landing.css';

export function LandingPage() {
  const { config } = useSite();
  const { t } = useTranslation();
  const market = config.country;

  useDocumentTitle(t(`landing.${market}.pageTitle`));

  const Landing = LANDING_DESIGNS[MARKETS[market].landing];
  return <Landing />;
}

function ContinueButton() {
  const { t } = useTranslation();
  const { variant } = useSite();
  const localPath = useLocalPath();
  return (
    <p className="landing__continue">
      <Link to={localPath(firstFormPath(variant))} className="button">
        {t('landing.continue')}
      </Link>
    </p>
  );
}

/** A text that names the training course between <course> and </course>: the name links to the course when the market has its URL (COURSE_URL_*). */
function NamingTheCourse({ i18nKey }: { i18nKey: string }) {
  const { config } = useSite();
  return <RichText i18nKey={i18nKey} components={{ course: config.courseUrl ? <a href={config.courseUrl} /> : <Fragment /> }} />;
}

function Steps({ items }: { items: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-steps-heading">
      <h2 id="landing-steps-heading">{t('landing.stepsHeading')}</h2>
      <ol className="landing-steps" role="list">
        {items.map((text, index) => (
          <li key={index} className="landing-steps__item">
            <span className="landing-steps__number">{index + 1}</span>
            <span className="landing-steps__text">{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function UkLanding() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <h1>{t('landing.uk.heading')}</h1>
      <p className="landing__lead">{t('landing.uk.intro')}</p>
      <p>{t('landing.uk.review', { weeks: DECISION_WEEKS })}</p>
      <p>{t('landing.uk.duration', { minutes: FORM_MINUTES })}</p>
      <Steps items={[<NamingTheCourse key="1" i18nKey="landing.uk.step1" />, t('landing.uk.step2')]} />
      <section aria-labelledby="charter-heading">
        <h2 id="charter-heading">{t('landing.charterHeading')}</h2>
        <p>{t('landing.charterIntro')}</p>
        <ol className="charter" role="list" aria-labelledby="charter-heading">
          {CHARTER_COMMITMENTS.map((n) => (
            <li key={n} className="charter__item">
              <CharterIcon number={n} className="charter__icon" />
              <span className="charter__number">{n}</span>
              <span className="charter__text">{t(`charter.${n}`)}</span>
            </li>
          ))}
        </ol>
      </section>
      <ContinueButton />
    </div>
  );
}

function ItalianLanding() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <h1>{t('landing.it.heading')}</h1>
      <p className="landing__lead">
        <NamingTheCourse i18nKey="landing.it.intro" />
      </p>
      <p>{t('landing.it.network')}</p>
      <p>{t('landing.it.duration', { minutes: FORM_MINUTES })}</p>
      <ContinueButton />
    </div>
  );
}

function GermanLanding() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <h1>{t('landing.de.heading')}</h1>
      <p className="landing__lead">{t('landing.de.intro')}</p>
      <Steps items={[<NamingTheCourse key="1" i18nKey="landing.de.step1" />, t('landing.de.step2')]} />
      <div className="landing__note">
        <p>
          <strong>{t('landing.de.noteLabel')}</strong> {t('landing.de.note')}
        </p>
      </div>
      <section aria-labelledby="charter-heading">
        <h2 id="charter-heading">{t('landing.de.charterHeading')}</h2>
        <p>{t('landing.de.charterIntro')}</p>
        <CharterList labelledBy="charter-heading" />
      </section>
      <ContinueButton />
    </div>
  );
}

/** The landing page designs, one per market it was drawn for (the market table's `landing` picks one). */
const LANDING_DESIGNS: Record<Country, () => ReactNode> = { uk: UkLanding, it: ItalianLanding, de: GermanLanding };

// The three-step application's sections by catalogue id (screens 4-6), beside the applicant
// sections they share with the single pages.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from '#shared/limits.ts';
import { registrationBodiesFor } from '#shared/reference/registration-bodies.ts';
import { MARKETS } from '#shared/markets.ts';
import { useSite } from '../lib/site-context.tsx';
import { CharterList } from '../components/charter-list.tsx';
import { Checkbox } from '../components/checkbox.tsx';
import { Select } from '../components/select.tsx';
import type { SectionRegistry } from './form-page.tsx';
import { APPLICANT_SECTIONS } from './applicant-sections.tsx';
import { useRunner } from './runner-context.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { TrainingAndCertificateSection } from './steps/certificate-section.tsx';
import { CheckAnswers } from './steps/check-answers.tsx';
import { HowFoundSection } from './steps/how-found-section.tsx';
import { useFieldError } from './use-field-error.ts';
import './steps/steps.css';

function TrainingAndCertificate() {
  const { config } = useSite();
  const { editing, meta } = useRunner();
  return <TrainingAndCertificateSection country={config.country} askAgain={Boolean(meta.certificateMissingFromDraft)} editing={editing} />;
}

/** The chamber (Germany) or registration body: a choice, preselected where the market has one only. */
function ChamberOrBody() {
  const { t } = useTranslation();
  const { config } = useSite();
  const { register } = useFormContext();
  const error = useFieldError('bodyOfRegistration');
  const bodies = registrationBodiesFor(config.country);
  return (
    <Select
      {...register('bodyOfRegistration')}
      label={t(MARKETS[config.country].bodyLabel)}
      error={error}
      placeholder={bodies.length > 1 ? t('steps.body.placeholder') : undefined}
      options={bodies.map((body) => ({ value: body, label: body }))}
    />
  );
}

/** Step 2: the pharmacy chosen on step 1, a link to check its Google profile, and the two boxes. */
function GoogleProfileUpdate() {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const { stored } = useRunner();
  const checkedError = useFieldError('isChecked');
  const name = typeof stored.whereYouWork === 'string' ? stored.whereYouWork : '';
  const address = typeof stored.address === 'string' ? stored.address : '';
  const query = [name, address].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="section-google">
      <p className="pc-body">{t('steps.google.intro')}</p>
      {query ? (
        <div className="pc-place-chosen pc-steps-page__pharmacy">
          <p className="pc-body">
            <strong>{t('steps.google.yourPharmacy')}</strong> {query}
          </p>
          <p className="pc-body">
            <a href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`} target="_blank" rel="noopener noreferrer">
              {t('steps.google.check')}
            </a>
          </p>
        </div>
      ) : null}
      <h2 id="section-google" className="pc-heading-m">
        {t('steps.sections.google')}
      </h2>
      <Checkbox {...register('isChecked')} label={t('form.isChecked.label')} hint={t('form.isChecked.hint')} error={checkedError} />
      <Checkbox {...register('willUpateGoogleMapsEntry')} label={t('steps.google.willUpdate')} hint={t('steps.google.willUpdateHint')} />
    </section>
  );
}

function CheckYourAnswers() {
  const { stored, meta, editing } = useRunner();
  return <CheckAnswers answers={stored} meta={meta} editing={editing} />;
}

function Charter() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="section-charter">
      <h2 id="section-charter" className="pc-heading-m">
        {t('steps.sections.charter')}
      </h2>
      <p className="pc-body">{t('steps.charterIntro')}</p>
      <CharterList labelledBy="section-charter" />
    </section>
  );
}

/** The five confirmations in the steps' wording, then what happens next (screen 6). */
function ConfirmationsAndNotes() {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmationsSection />
      <section aria-labelledby="section-notes">
        <h2 id="section-notes" className="pc-heading-m">
          {t('steps.sections.notes')}
        </h2>
        <p className="pc-body">{t('steps.notes.review', { weeks: DECISION_WEEKS, supportWeeks: CONTACT_SUPPORT_AFTER_WEEKS })}</p>
        <p className="pc-body">{t('steps.notes.learning')}</p>
      </section>
    </>
  );
}

export const STEPS_SECTIONS: SectionRegistry = {
  ...APPLICANT_SECTIONS,
  'steps-training': TrainingAndCertificate,
  certificate: null,
  'chamber-or-body': ChamberOrBody,
  'google-profile-update': GoogleProfileUpdate,
  'check-answers': CheckYourAnswers,
  'how-found': HowFoundSection,
  charter: Charter,
  'confirmations-5-step3': ConfirmationsAndNotes,
  'unasked-about-you': null,
};

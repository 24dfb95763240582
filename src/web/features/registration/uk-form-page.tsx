// Screen 2, en-uk variant: the UK single-page registration form. Composed from sections so the
// Italian page and the German steps can reuse them.
import { FormProvider, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FORM_MINUTES } from '#shared/limits.ts';
import { UkRegistrationFormSchema, ukFormToPayload, type UkRegistrationFormValues } from '#shared/schemas/registration.ts';
import { useSite } from '../../lib/site-context.tsx';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { ErrorView } from '../../components/error-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { savePharmacist } from '../../lib/api/save-pharmacist.ts';
import { UK_FIELD_ORDER, UK_MANDATORY_CHECKBOXES, emptyUkForm, errorFieldFor, storedToUkForm, type UkErrorField, type UkFormValues } from './uk-form-values.ts';
import { useSinglePageForm, type SinglePageFormSpec } from './use-single-page-form.ts';
import { PersonalDetailsSection } from './sections/personal-details-section.tsx';
import { HowHeardSection } from './sections/how-heard-section.tsx';
import { PhotoSection } from './sections/photo-section.tsx';
import { PharmacySection } from './sections/pharmacy-section.tsx';
import { UkTrainingSection } from './sections/training-section.tsx';
import { AboutYouSection } from './sections/about-you-section.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { BotCheckSection } from './sections/bot-check-section.tsx';
import { SubmitBar } from './submit-bar.tsx';
import './registration.css';

const UK_FORM = {
  resolver: zodResolver(UkRegistrationFormSchema) as unknown as Resolver<UkFormValues, unknown, UkRegistrationFormValues>,
  emptyValues: emptyUkForm,
  fromStored: storedToUkForm,
  fieldOrder: UK_FIELD_ORDER,
  errorFieldFor,
  fieldNameKey: (field) => `form.fieldNames.${field}`,
  pageTitleKey: 'form.pageTitle',
  toPayload: (values) => ukFormToPayload(values),
  save: savePharmacist,
} satisfies SinglePageFormSpec<UkFormValues, UkRegistrationFormValues, UkErrorField, ReturnType<typeof ukFormToPayload<UkRegistrationFormValues>>>;

export function UkFormPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const { form, phase, prefilledName, submitting, attempt, captchaReset, summary, showSummary, onSubmit } = useSinglePageForm(UK_FORM);

  if (phase === 'failed') return <ErrorView />;
  if (phase === 'loading') return <Spinner label={t('form.loadingRecord')} />;

  return (
    <div className="pc-registration">
      {showSummary ? <ErrorSummary key={attempt} errors={summary} /> : null}
      <h1 className="pc-heading-l">{t('form.heading', { product: config.productName })}</h1>
      <div className="pc-registration__intro">
        <p className="pc-body">{t('form.intro.time', { minutes: FORM_MINUTES })}</p>
        <p className="pc-body">{t('form.intro.optional')}</p>
        <p className="pc-body">{t('form.intro.public')}</p>
      </div>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
          <PersonalDetailsSection />
          <HowHeardSection />
          <PhotoSection />
          <PharmacySection initiallyAutofilled={prefilledName} />
          <UkTrainingSection />
          <AboutYouSection />
          <ConfirmationsSection />
          <section aria-labelledby="section-send">
            <h2 id="section-send" className="pc-heading-m">
              {t('form.sections.send')}
            </h2>
            <BotCheckSection resetSignal={captchaReset} />
            <SubmitBar mandatoryCheckboxes={UK_MANDATORY_CHECKBOXES} submitting={submitting} />
          </section>
        </form>
      </FormProvider>
    </div>
  );
}

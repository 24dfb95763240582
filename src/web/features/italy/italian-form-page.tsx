// Screen 2, it-it variant: the Italian single-page registration form. The UK page's sections plus
// the Italian extra fields (DESIGN §5): registration body Italia (AIFA), services, and the
// Oncodemia course question. Submit rules as the UK single page (spec §4).
import { FormProvider, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FORM_MINUTES } from '#shared/limits.ts';
import { ItalianRegistrationFormSchema, italianFormToPayload, type ItalianRegistrationFormValues } from '#shared/schemas/registration-it.ts';
import { useSite } from '../../lib/site-context.tsx';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { ErrorView } from '../../components/error-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useSinglePageForm, type SinglePageFormSpec } from '../registration/use-single-page-form.ts';
import { PersonalDetailsSection } from '../registration/sections/personal-details-section.tsx';
import { HowHeardSection } from '../registration/sections/how-heard-section.tsx';
import { PhotoSection } from '../registration/sections/photo-section.tsx';
import { PharmacySection } from '../registration/sections/pharmacy-section.tsx';
import { AboutYouSection } from '../registration/sections/about-you-section.tsx';
import { ConfirmationsSection } from '../registration/sections/confirmations-section.tsx';
import { BotCheckSection } from '../registration/sections/bot-check-section.tsx';
import { SubmitBar } from '../registration/submit-bar.tsx';
import { IT_FIELD_ORDER, IT_MANDATORY_CHECKBOXES, emptyItalianForm, italianErrorFieldFor, storedToItalianForm, type ItalianErrorField, type ItalianFormValues } from './italian-form-values.ts';
import { RegistrationBodyField } from './registration-body-field.tsx';
import { OncodemiaSection } from './oncodemia-section.tsx';
import { savePharmacist } from '../../lib/api/save-pharmacist.ts';
import '../registration/registration.css';
import './italy.css';

const IT_FORM = {
  resolver: zodResolver(ItalianRegistrationFormSchema) as unknown as Resolver<ItalianFormValues, unknown, ItalianRegistrationFormValues>,
  emptyValues: emptyItalianForm,
  fromStored: storedToItalianForm,
  fieldOrder: IT_FIELD_ORDER,
  errorFieldFor: italianErrorFieldFor,
  fieldNameKey: (field) => [`italy.fieldNames.${field}`, `form.fieldNames.${field}`],
  pageTitleKey: 'italy.pageTitle',
  toPayload: (values) => italianFormToPayload(values),
  save: savePharmacist,
} satisfies SinglePageFormSpec<ItalianFormValues, ItalianRegistrationFormValues, ItalianErrorField, ReturnType<typeof italianFormToPayload<ItalianRegistrationFormValues>>>;

export function ItalianFormPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const { form, phase, prefilledName, submitting, attempt, captchaReset, summary, showSummary, onSubmit } = useSinglePageForm(IT_FORM);

  if (phase === 'failed') return <ErrorView />;
  if (phase === 'loading') return <Spinner label={t('form.loadingRecord')} />;

  return (
    <div className="pc-registration">
      {showSummary ? <ErrorSummary key={attempt} errors={summary} /> : null}
      <h1 className="pc-heading-l">{t('italy.heading', { product: config.productName })}</h1>
      <div className="pc-registration__intro">
        <p className="pc-body">{t('italy.intro.network', { product: config.productName })}</p>
        <p className="pc-body">{t('form.intro.time', { minutes: FORM_MINUTES })}</p>
        <p className="pc-body">{t('form.intro.optional')}</p>
        <p className="pc-body">{t('form.intro.public')}</p>
      </div>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
          <PersonalDetailsSection
            texts={{
              registrationNumberLabel: t('italy.registrationNumber.label'),
              registrationNumberHint: t('italy.registrationNumber.hint'),
              locumLegend: t('italy.locum.legend'),
            }}
            beforeRegistrationNumber={<RegistrationBodyField />}
          />
          <HowHeardSection />
          <PhotoSection />
          <PharmacySection initiallyAutofilled={prefilledName} services={{ label: t('italy.services.label'), hint: t('italy.services.hint') }} />
          <OncodemiaSection />
          <AboutYouSection />
          <ConfirmationsSection labels={{ agreementCheck1: t('italy.confirmations.agreementCheck1') }} />
          <section aria-labelledby="section-send">
            <h2 id="section-send" className="pc-heading-m">
              {t('form.sections.send')}
            </h2>
            <BotCheckSection resetSignal={captchaReset} />
            <SubmitBar mandatoryCheckboxes={IT_MANDATORY_CHECKBOXES} submitting={submitting} />
          </section>
        </form>
      </FormProvider>
    </div>
  );
}

// Screen 2, it-it variant: the Italian single-page registration form. The UK page's sections plus
// the Italian extra fields (DESIGN §5): registration body Italia (AIFA), services, and the
// Oncodemia course question. Submit rules as the UK single page (spec §4).
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FORM_MINUTES } from '#shared/limits.ts';
import { ItalianRegistrationFormSchema, italianFormToPayload, type ItalianRegistrationFormValues } from '#shared/schemas/registration-it.ts';
import { useLocalPath, useSite } from '../../app/site-context.tsx';
import { ErrorSummary, type SummaryError } from '../../components/error-summary.tsx';
import { ErrorView } from '../../components/error-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { getPharmacist } from '../../lib/api/get-pharmacist.ts';
import { saveOutcome, type SaveOutcome } from '../registration/save-outcome.ts';
import { useErrorText } from '../registration/use-field-error.ts';
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
import { saveItalianPharmacist, type ItalianSaveBody } from './save-italian-pharmacist.ts';
import '../registration/registration.css';
import './italy.css';

const GENERIC_FAILURE = 'errorsGlobal.temporarilyUnavailableService';
const resolver = zodResolver(ItalianRegistrationFormSchema) as unknown as Resolver<ItalianFormValues, unknown, ItalianRegistrationFormValues>;

type Phase = 'loading' | 'ready' | 'failed';

export function ItalianFormPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [searchParams] = useSearchParams();
  const pharmacistId = searchParams.get('pharmacistId') ?? '';
  const base = useMemo(() => emptyItalianForm(config.country, config.language, pharmacistId), [config.country, config.language, pharmacistId]);
  // The error summary takes focus (GOV.UK pattern), so react-hook-form must not focus a field itself.
  const form = useForm<ItalianFormValues, unknown, ItalianRegistrationFormValues>({ defaultValues: base, resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [phase, setPhase] = useState<Phase>(pharmacistId ? 'loading' : 'ready');
  const [prefilledName, setPrefilledName] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [globalMessage, setGlobalMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [captchaReset, setCaptchaReset] = useState(0);
  const prefillStarted = useRef(false);

  const fieldName = (field: ItalianErrorField) => t([`italy.fieldNames.${field}`, `form.fieldNames.${field}`]);

  const { errors } = form.formState;
  const errorKeys = Object.keys(errors).join();
  const summary = useMemo(() => {
    const byField = new Map<ItalianErrorField, string>();
    let unplaced = false;
    for (const [field, error] of Object.entries(errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message) continue;
      const target = italianErrorFieldFor(field);
      if (!target) unplaced = true;
      else if (!byField.has(target)) byField.set(target, message);
    }
    const items: SummaryError[] = [];
    if (globalMessage) items.push({ message: errorText(globalMessage) });
    else if (unplaced) items.push({ message: errorText(GENERIC_FAILURE) });
    for (const field of IT_FIELD_ORDER) {
      const key = byField.get(field);
      if (key) items.push({ fieldId: field, message: t('form.summaryItem', { field: fieldName(field), message: errorText(key) }) });
    }
    return items;
    // formState.errors is mutated in place by react-hook-form: recompute when its keys or the attempt change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, globalMessage, t, errorKeys, attempt]);
  const showSummary = attempt > 0 && summary.length > 0;

  useEffect(() => {
    const title = t('italy.pageTitle', { product: config.productName });
    document.title = showSummary ? `${t('components.errorPrefix')} ${title}` : title;
  }, [t, config.productName, showSummary]);

  // Prefill once (spec §4): the edit link carries pharmacistId.
  useEffect(() => {
    if (!pharmacistId || prefillStarted.current) return;
    prefillStarted.current = true;
    getPharmacist(pharmacistId).then(
      (stored) => {
        if (!stored) {
          setPhase('failed');
          return;
        }
        const values = storedToItalianForm(stored, base);
        form.reset(values);
        setPrefilledName(values.whereYouWork !== '');
        setPhase('ready');
      },
      () => setPhase('failed'),
    );
  }, [pharmacistId, base, form]);

  const onValid = async (values: ItalianRegistrationFormValues) => {
    setGlobalMessage(null);
    setSubmitting(true);
    let outcome: SaveOutcome;
    try {
      const { loginToken: _unused, ...payload } = italianFormToPayload(values);
      const body: ItalianSaveBody = {
        ...payload,
        appStoreCountry: config.country,
        formLanguage: config.language,
        ...(pharmacistId ? { loginToken: pharmacistId } : {}),
        website: form.getValues('website'),
      };
      outcome = saveOutcome(await saveItalianPharmacist(body));
    } catch {
      outcome = { kind: 'errorView' };
    }
    setSubmitting(false);
    switch (outcome.kind) {
      case 'saved':
        void navigate(localPath('/thank-you'));
        return;
      case 'errorView':
        setPhase('failed');
        return;
      case 'message':
        setGlobalMessage(outcome.message);
        break;
      case 'fieldErrors': {
        let unplaced = false;
        for (const [field, key] of Object.entries(outcome.errors)) {
          const target = italianErrorFieldFor(field);
          if (target) form.setError(target as FieldPath<ItalianFormValues>, { type: 'server', message: key });
          else unplaced = true;
        }
        if (unplaced) setGlobalMessage(GENERIC_FAILURE);
        break;
      }
    }
    // The server spends a bot-check solution when it sees it: a new one is needed.
    form.setValue('recaptchaToken', '');
    setCaptchaReset((n) => n + 1);
    setAttempt((n) => n + 1);
  };

  const onInvalid = () => {
    setGlobalMessage(null);
    setAttempt((n) => n + 1);
  };

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
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} aria-busy={submitting || undefined}>
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

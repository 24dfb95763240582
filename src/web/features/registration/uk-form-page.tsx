// Screen 2, en-uk variant: the UK single-page registration form. Composed from sections so the
// Italian page and the German steps can reuse them.
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FORM_MINUTES } from '#shared/limits.ts';
import { UkRegistrationFormSchema, ukFormToPayload, type UkRegistrationFormValues } from '#shared/schemas/registration.ts';
import { useLocalPath, useSite } from '../../app/site-context.tsx';
import { ErrorSummary, type SummaryError } from '../../components/error-summary.tsx';
import { ErrorView } from '../../components/error-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { getPharmacist } from '../../lib/api/get-pharmacist.ts';
import { savePharmacist, type SavePharmacistBody } from '../../lib/api/save-pharmacist.ts';
import { saveOutcome, type SaveOutcome } from './save-outcome.ts';
import { UK_FIELD_ORDER, UK_MANDATORY_CHECKBOXES, emptyUkForm, errorFieldFor, storedToUkForm, type UkErrorField, type UkFormValues } from './uk-form-values.ts';
import { useErrorText } from './use-field-error.ts';
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

const GENERIC_FAILURE = 'errorsGlobal.temporarilyUnavailableService';
// The error summary takes focus (GOV.UK pattern), so react-hook-form must not focus a field itself.
const resolver = zodResolver(UkRegistrationFormSchema) as unknown as Resolver<UkFormValues, unknown, UkRegistrationFormValues>;

type Phase = 'loading' | 'ready' | 'failed';

export function UkFormPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [searchParams] = useSearchParams();
  const pharmacistId = searchParams.get('pharmacistId') ?? '';
  const base = useMemo(() => emptyUkForm(config.country, config.language, pharmacistId), [config.country, config.language, pharmacistId]);
  const form = useForm<UkFormValues, unknown, UkRegistrationFormValues>({ defaultValues: base, resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [phase, setPhase] = useState<Phase>(pharmacistId ? 'loading' : 'ready');
  const [prefilledName, setPrefilledName] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [globalMessage, setGlobalMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [captchaReset, setCaptchaReset] = useState(0);
  const prefillStarted = useRef(false);

  const { errors } = form.formState;
  const summary = useMemo(() => {
    const byField = new Map<UkErrorField, string>();
    let unplaced = false;
    for (const [field, error] of Object.entries(errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message) continue;
      const target = errorFieldFor(field);
      if (!target) unplaced = true;
      else if (!byField.has(target)) byField.set(target, message);
    }
    const items: SummaryError[] = [];
    if (globalMessage) items.push({ message: errorText(globalMessage) });
    else if (unplaced) items.push({ message: errorText(GENERIC_FAILURE) });
    for (const field of UK_FIELD_ORDER) {
      const key = byField.get(field);
      if (key) items.push({ fieldId: field, message: t('form.summaryItem', { field: t(`form.fieldNames.${field}`), message: errorText(key) }) });
    }
    return items;
    // formState.errors is mutated in place by react-hook-form: recompute on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, globalMessage, t, Object.keys(errors).join(), attempt]);
  const showSummary = attempt > 0 && summary.length > 0;

  useEffect(() => {
    const title = t('form.pageTitle', { product: config.productName });
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
        const values = storedToUkForm(stored, base);
        form.reset(values);
        setPrefilledName(values.whereYouWork !== '');
        setPhase('ready');
      },
      () => setPhase('failed'),
    );
  }, [pharmacistId, base, form]);

  const afterServerAnswer = () => {
    // The server spends a bot-check solution when it sees it: a new one is needed.
    form.setValue('recaptchaToken', '');
    setCaptchaReset((n) => n + 1);
    setAttempt((n) => n + 1);
  };

  const onValid = async (values: UkRegistrationFormValues) => {
    setGlobalMessage(null);
    setSubmitting(true);
    let outcome: SaveOutcome;
    try {
      const { loginToken: _unused, ...payload } = ukFormToPayload(values);
      const body: SavePharmacistBody = {
        ...payload,
        appStoreCountry: config.country,
        formLanguage: config.language,
        ...(pharmacistId ? { loginToken: pharmacistId } : {}),
        website: form.getValues('website'),
      };
      outcome = saveOutcome(await savePharmacist(body));
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
          const target = errorFieldFor(field);
          if (target) form.setError(target as FieldPath<UkFormValues>, { type: 'server', message: key });
          else unplaced = true;
        }
        if (unplaced) setGlobalMessage(GENERIC_FAILURE);
        break;
      }
    }
    afterServerAnswer();
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
      <h1 className="pc-heading-l">{t('form.heading', { product: config.productName })}</h1>
      <div className="pc-registration__intro">
        <p className="pc-body">{t('form.intro.time', { minutes: FORM_MINUTES })}</p>
        <p className="pc-body">{t('form.intro.optional')}</p>
        <p className="pc-body">{t('form.intro.public')}</p>
      </div>
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} aria-busy={submitting || undefined}>
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

// Screens 4, 5 and 6: the three-step form at /form/1..3 (Germany, and every pair other than en-uk
// and it-it). One page renders every step (GOV.UK Forms' habit): step indicator, error summary,
// the step's sections, Previous/Next (Submit on step 3), and "email me a link to continue".
// The journey functions decide the bounces; the answers live in sessionStorage between steps
// (certificate in IndexedDB), and a draft link or an edit link (pharmacistId) fills them once.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS, FORM_MINUTES, FORM_STEPS } from '#shared/limits.ts';
import { isLanguage, type Country } from '#shared/markets.ts';
import { AGREEMENT_FIELDS } from '#shared/reference/options.ts';
import { registrationBodiesFor } from '#shared/reference/registration-bodies.ts';
import { canVisit, nextStep, previousStep, type Step } from '#shared/registration/journey.ts';
import { fieldErrors } from '#shared/schemas/registration-common.ts';
import {
  CertificateFileSchema,
  Step2Schema,
  Step3Schema,
  StepsRegistrationPayloadSchema,
  certificateProblem,
  step1Schema,
} from '#shared/schemas/registration-steps.ts';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { CharterList } from '../../../components/charter-list.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { ErrorSummary, focusField, type SummaryError } from '../../../components/error-summary.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Select } from '../../../components/select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { getPharmacist } from '../../../lib/api/get-pharmacist.ts';
import { saveOutcome, type SaveOutcome } from '../../../forms/save-outcome.ts';
import { useErrorText, useFieldError } from '../../../forms/use-field-error.ts';
import { BotCheckSection } from '../../../forms/sections/bot-check-section.tsx';
import { ConfirmationsSection } from '../../../forms/sections/confirmations-section.tsx';
import { ContactSection, RegistrationNumberField } from '../../../forms/sections/personal-details-section.tsx';
import { ServicesField } from '../../../forms/sections/services-field.tsx';
import { FormTextProvider } from '../../../forms/form-text.tsx';
import { RunnerProvider } from '../../../forms/runner-context.tsx';
import { FORMS } from '#shared/forms/catalogue.ts';
import { PharmacySection } from '../../../forms/sections/pharmacy-section.tsx';
import { PhotoSection } from '../../../forms/sections/photo-section.tsx';
import { SubmitBar } from '../../../forms/submit-bar.tsx';
import { getDraft } from '../../../lib/api/drafts.ts';
import { savePharmacist, toFormData } from '../../../lib/api/save-pharmacist.ts';
import { deleteCertificate, getCertificate } from '../../../forms/steps/certificate-store.ts';
import { TrainingAndCertificateSection } from '../../../forms/steps/certificate-section.tsx';
import { CheckAnswers } from '../../../forms/steps/check-answers.tsx';
import { HowFoundSection, HOW_FOUND } from '../../../forms/steps/how-found-section.tsx';
import { SaveDraft } from '../../../forms/steps/save-draft.tsx';
import {
  clearAnswers,
  loadAnswers,
  loadMeta,
  replaceAnswers,
  saveAnswers,
  storable,
  updateMeta,
  type StoredAnswers,
  type StoredMeta,
  storeOf,
} from '../../../forms/answers-store.ts';

const storeFor = (country: Country) => storeOf(FORMS['apply-steps'], country);
import {
  DRAFT_FIELDS,
  NOT_STORED,
  PREFILLED_FIELDS,
  STEP_ERROR_FIELDS,
  errorTarget,
  fieldNameKey,
  step1Values,
  step2Values,
  step3Values,
  stepPath,
} from './steps-values.ts';
import '../../../forms/forms.css';
import '../../../forms/steps/steps.css';

const GENERIC_FAILURE = 'errorsGlobal.temporarilyUnavailableService';

type Loaded = { answers: StoredAnswers; meta: StoredMeta; file: File | null; draftMissing: boolean };

function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (field in source) picked[field] = source[field];
  return picked;
}

/** Loads what the step needs (draft, bounce, prefill, certificate), then renders the step's form. */
export function StepsPage({ step }: { step: Step }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [searchParams] = useSearchParams();
  const pharmacistId = searchParams.get('pharmacistId') ?? '';
  const draftToken = searchParams.get('draft') ?? '';
  // Most visits need nothing that waits (no draft link, no prefill, no stored certificate): the
  // step renders at once from sessionStorage, in the same task as the page's first paint.
  const [atOnce] = useState(() => loadedAtOnce(step, config.country, draftToken, pharmacistId));
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>(atOnce ? 'ready' : 'loading');
  const [loaded, setLoaded] = useState<Loaded | null>(atOnce);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const country = config.country;
    if (atOnce) {
      if (step === 1) void deleteCertificate(); // a file left from another session
      return;
    }
    void (async () => {
      let draftMissing = false;
      if (draftToken && loadMeta(storeFor(country)).draftLoaded !== draftToken) {
        const draft = await getDraft(draftToken).catch(() => undefined);
        if (draft === undefined) return setPhase('failed');
        if (draft && draft.language !== config.language && isLanguage(draft.language) && draft.country === country) {
          // The link was made in another language than this page's: reload in that language.
          const url = new URL(window.location.href);
          url.searchParams.set('lang', draft.language);
          window.location.replace(url.toString());
          return;
        }
        if (draft && draft.country === country) {
          replaceAnswers(storeFor(country), storable(pick(draft.data, DRAFT_FIELDS)));
          await deleteCertificate();
          updateMeta(storeFor(country), { draftLoaded: draftToken, certificate: undefined, certificateMissingFromDraft: true });
        } else {
          draftMissing = true;
          updateMeta(storeFor(country), { draftLoaded: draftToken });
        }
      }
      if (!canVisit(step, loadAnswers(storeFor(country)))) {
        void navigate(localPath(stepPath(1, searchParams)), { replace: true });
        return;
      }
      if (pharmacistId && loadMeta(storeFor(country)).prefilledFor !== pharmacistId) {
        const record = await getPharmacist(pharmacistId).catch(() => null);
        if (!record) return setPhase('failed');
        replaceAnswers(storeFor(country), { ...storable(pick(record, PREFILLED_FIELDS)), ...loadAnswers(storeFor(country)) });
        updateMeta(storeFor(country), { prefilledFor: pharmacistId });
      }
      const meta = loadMeta(storeFor(country));
      let file: File | null = null;
      if (meta.certificate) file = await getCertificate();
      else if (step === 1) await deleteCertificate(); // a file left from another session
      setLoaded({ answers: loadAnswers(storeFor(country)), meta, file, draftMissing });
      setPhase('ready');
    })();
    // Runs once per step page (the route remounts it for each step).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase === 'failed') return <ErrorView />;
  if (phase === 'loading' || !loaded) return <Spinner label={t(pharmacistId ? 'form.loadingRecord' : 'components.spinner.loading')} />;
  return <StepForm step={step} loaded={loaded} />;
}

/** What the step needs when it can be read without waiting (see StepsPage), else null. */
function loadedAtOnce(step: Step, country: Country, draftToken: string, pharmacistId: string): Loaded | null {
  const meta = loadMeta(storeFor(country));
  const answers = loadAnswers(storeFor(country));
  if (draftToken && meta.draftLoaded !== draftToken) return null;
  if (!canVisit(step, answers)) return null;
  if (pharmacistId && meta.prefilledFor !== pharmacistId) return null;
  if (meta.certificate) return null;
  return { answers, meta, file: null, draftMissing: false };
}

function schemaFor(step: Step, country: Parameters<typeof step1Schema>[0], editing: boolean) {
  if (step === 2) return Step2Schema;
  if (step === 3) return Step3Schema;
  const schema = step1Schema(country);
  // Editing an application that has a certificate: a new file only replaces it (the server knows).
  return editing ? z.extend(schema, { file: z.nullish(CertificateFileSchema) }) : schema;
}

interface OtherStepError {
  step: Step;
  fieldId: string;
  key: string;
}

function StepForm({ step, loaded }: { step: Step; loaded: Loaded }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config, variant } = useSite();
  const country = config.country;
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const pharmacistId = searchParams.get('pharmacistId') ?? '';
  const editing = pharmacistId !== '';
  const heading = useRef<HTMLHeadingElement>(null);

  const defaults = useMemo(
    () =>
      (step === 1
        ? step1Values(loaded.answers, country, loaded.file)
        : step === 2
          ? step2Values(loaded.answers)
          : step3Values(loaded.answers)) as unknown as Record<string, unknown>,
    [step, loaded, country],
  );
  const resolver = useMemo(() => zodResolver(schemaFor(step, country, editing) as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>) as unknown as Resolver<Record<string, unknown>>, [step, country, editing]);
  const form = useForm<Record<string, unknown>>({ defaultValues: defaults, resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [globalMessage, setGlobalMessage] = useState<string | null>(null);
  const [otherStepErrors, setOtherStepErrors] = useState<OtherStepError[]>([]);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [failed, setFailed] = useState(false);

  // Every change is kept at once, so a reload or Previous loses nothing.
  useEffect(() => {
    const subscription = form.watch((values) => saveAnswers(storeFor(country), storable(values as Record<string, unknown>, NOT_STORED)));
    return () => subscription.unsubscribe();
  }, [form, country]);

  // A new step starts at its heading (or at the field a Change link names).
  useEffect(() => {
    window.scrollTo?.(0, 0);
    const fragment = decodeURIComponent(location.hash.slice(1));
    if (!(fragment && focusField(fragment))) heading.current?.focus({ preventScroll: true });
    // Only when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { errors } = form.formState;
  const summary = useMemo(() => {
    const items: SummaryError[] = [];
    if (globalMessage) items.push({ message: errorText(globalMessage) });
    for (const fieldId of STEP_ERROR_FIELDS[step]) {
      const aliases = fieldId === 'placeId' ? ['placeId', 'lat', 'lng', 'address'] : fieldId === 'photo' ? ['photo', 'photoId'] : [fieldId];
      const message = aliases.map((name) => errors[name]?.message).find((m): m is string => typeof m === 'string' && m !== '');
      if (!message) continue;
      const text = fieldId === 'file' ? certificateText(message, t, errorText) : errorText(message);
      items.push({ fieldId, message: t('form.summaryItem', { field: t(fieldNameKey(fieldId)), message: text }) });
    }
    for (const error of otherStepErrors) {
      const text = error.fieldId === 'file' ? certificateText(error.key, t, errorText) : errorText(error.key);
      items.push({
        to: `${localPath(stepPath(error.step, searchParams))}#${error.fieldId}`,
        message: t('steps.summaryOtherStep', { field: t(fieldNameKey(error.fieldId)), message: text, step: error.step }),
      });
    }
    return items;
    // formState.errors is mutated in place by react-hook-form: recompute on every attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, globalMessage, otherStepErrors, t, Object.keys(errors).join(), attempt, step]);
  const showSummary = attempt > 0 && summary.length > 0;

  const stepHeading = t(`steps.headings.${step}`);
  const indicator = t('steps.indicator', { step, total: FORM_STEPS });
  useEffect(() => {
    const title = `${stepHeading} – ${indicator} – ${config.productName}`;
    document.title = showSummary ? `${t('components.errorPrefix')} ${title}` : title;
  }, [t, config.productName, showSummary, stepHeading, indicator]);

  const currentAnswers = (): StoredAnswers => storable({ ...loadAnswers(storeFor(country)), ...storable(form.getValues(), NOT_STORED) }, []);
  const go = (target: Step) => void navigate(localPath(stepPath(target, searchParams)));

  const onPrevious = () => {
    saveAnswers(storeFor(country), storable(form.getValues(), NOT_STORED));
    const previous = previousStep(step);
    if (previous) go(previous);
  };

  const onInvalid = () => {
    setGlobalMessage(null);
    setAttempt((n) => n + 1);
  };

  const onNext = (values: Record<string, unknown>) => {
    saveAnswers(storeFor(country), storable(values, NOT_STORED));
    const next = nextStep(step);
    if (next) go(next);
  };

  /** Shows errors by payload field: this step's inline, other steps' in the summary with a link there. */
  const showFieldErrors = (byField: Record<string, string>) => {
    const others: OtherStepError[] = [];
    let unplaced = false;
    for (const [field, key] of Object.entries(byField)) {
      const target = errorTarget(field);
      if (!target) unplaced = true;
      else if (target.step === step) form.setError(target.fieldId as FieldPath<Record<string, unknown>>, { type: 'server', message: key });
      else if (!others.some((o) => o.fieldId === target.fieldId)) others.push({ step: target.step, fieldId: target.fieldId, key });
    }
    others.sort((a, b) => a.step - b.step);
    setOtherStepErrors(others);
    setGlobalMessage(unplaced ? GENERIC_FAILURE : null);
  };

  const onSubmit = async (values: Record<string, unknown>) => {
    setGlobalMessage(null);
    setOtherStepErrors([]);
    saveAnswers(storeFor(country), storable(values, NOT_STORED));
    const payload = {
      ...loadAnswers(storeFor(country)),
      ...values,
      appStoreCountry: config.country,
      formLanguage: config.language,
      ...(pharmacistId ? { loginToken: pharmacistId } : {}),
    };
    const parsed = StepsRegistrationPayloadSchema.safeParse(payload);
    const clientErrors = parsed.success ? {} : fieldErrors(parsed.error);
    const certificate = await getCertificate();
    const problem = certificate ? certificateProblem(certificate) : editing ? null : 'validation.required';
    if (problem) clientErrors.file = problem;
    if (!parsed.success || problem) {
      showFieldErrors(clientErrors);
      setAttempt((n) => n + 1);
      return;
    }
    setSubmitting(true);
    let outcome: SaveOutcome;
    try {
      outcome = saveOutcome(await savePharmacist(toFormData({ ...parsed.data, website: values.website ?? '' }, certificate)));
    } catch {
      outcome = { kind: 'errorView' };
    }
    setSubmitting(false);
    switch (outcome.kind) {
      case 'saved':
        clearAnswers(storeFor(country));
        await deleteCertificate();
        void navigate(localPath('/thank-you'));
        return;
      case 'errorView':
        setFailed(true);
        return;
      case 'message':
        setGlobalMessage(outcome.message);
        setOtherStepErrors([]);
        break;
      case 'fieldErrors':
        showFieldErrors(outcome.errors);
        break;
    }
    // The server spends a bot-check solution when it sees it: a new one is needed.
    form.setValue('recaptchaToken', '');
    setCaptchaReset((n) => n + 1);
    setAttempt((n) => n + 1);
  };

  if (failed) return <ErrorView />;

  const previous = previousStep(step);
  const previousButton = previous ? (
    <button type="button" className="pc-button pc-button--secondary" onClick={onPrevious}>
      {t('steps.previous')}
    </button>
  ) : null;

  return (
    <div className="pc-registration pc-steps-page">
      {variant.showStepIndicator ? (
        <StepIndicator current={step} caption={indicator} label={t('steps.progressLabel')} names={[1, 2, 3].map((n) => t(`steps.names.${n}`))} />
      ) : null}
      {showSummary ? <ErrorSummary key={attempt} errors={summary} /> : null}
      <h1 className="pc-heading-l" ref={heading} tabIndex={-1}>
        {stepHeading}
      </h1>
      {loaded.draftMissing ? (
        <div className="pc-notice" role="status">
          <p className="pc-body">{t('steps.draft.missing')}</p>
        </div>
      ) : null}
      {step === 1 ? (
        <div className="pc-registration__intro">
          <p className="pc-body">{t('form.intro.time', { minutes: FORM_MINUTES })}</p>
          <p className="pc-body">{t('form.intro.optional')}</p>
          <p className="pc-body">{t('form.intro.public')}</p>
        </div>
      ) : null}
      <FormTextProvider namespaces={['steps']}>
      <RunnerProvider value={{ form: FORMS['apply-steps'], step, editing, prefilledName: false, captchaReset }}>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit(step === 3 ? (values) => onSubmit(values) : onNext, onInvalid)}
          aria-busy={submitting || undefined}
        >
          {step === 1 ? <Step1Fields loaded={loaded} editing={editing} /> : null}
          {step === 2 ? <Step2Fields answers={loaded.answers} /> : null}
          {step === 3 ? (
            <>
              <CheckAnswers answers={loaded.answers} meta={loaded.meta} editing={editing} />
              <HowFoundSection />
              <section aria-labelledby="section-charter">
                <h2 id="section-charter" className="pc-heading-m">
                  {t('steps.sections.charter')}
                </h2>
                <p className="pc-body">{t('steps.charterIntro')}</p>
                <CharterList labelledBy="section-charter" />
              </section>
              <ConfirmationsSection />
              <section aria-labelledby="section-notes">
                <h2 id="section-notes" className="pc-heading-m">
                  {t('steps.sections.notes')}
                </h2>
                <p className="pc-body">{t('steps.notes.review', { weeks: DECISION_WEEKS, supportWeeks: CONTACT_SUPPORT_AFTER_WEEKS })}</p>
                <p className="pc-body">{t('steps.notes.learning')}</p>
              </section>
              <section aria-labelledby="section-send">
                <h2 id="section-send" className="pc-heading-m">
                  {t('form.sections.send')}
                </h2>
                <BotCheckSection />
                <Step3SubmitBar submitting={submitting} before={previousButton} />
              </section>
            </>
          ) : (
            <div className="pc-button-group pc-steps-page__nav">
              {previousButton}
              <button type="submit" className="pc-button">
                {t('steps.next')}
              </button>
            </div>
          )}
        </form>
      </FormProvider>
      </RunnerProvider>
      </FormTextProvider>
      <SaveDraft step={step} answers={() => storable(pick(currentAnswers(), DRAFT_FIELDS))} />
    </div>
  );
}

/** The certificate's own sentences for the generic file error keys. */
function certificateText(key: string, t: (key: string) => string, errorText: (key: string) => string): string {
  if (key === 'validation.fileType') return t('steps.certificate.errors.fileType');
  if (key === 'validation.fileTooBig') return t('steps.certificate.errors.fileTooBig');
  if (key === 'validation.required') return t('steps.certificate.errors.required');
  if (key === 'validation.fileUnreadable') return t('steps.certificate.errors.unreadable');
  if (key === 'validation.fileActiveContent') return t('steps.certificate.errors.activeContent');
  return errorText(key);
}

function Step1Fields({ loaded, editing }: { loaded: Loaded; editing: boolean }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const bodies = registrationBodiesFor(config.country);
  const { register } = useFormContext();
  const bodyError = useFieldError('bodyOfRegistration');
  return (
    <>
      <TrainingAndCertificateSection country={config.country} askAgain={Boolean(loaded.meta.certificateMissingFromDraft)} editing={editing} />
      <PhotoSection />
      <PharmacySection />
      <ServicesField />
      <ContactSection />
      <Select
        {...register('bodyOfRegistration')}
        label={t(config.country === 'de' ? 'steps.body.labelChamber' : 'steps.body.label')}
        error={bodyError}
        placeholder={bodies.length > 1 ? t('steps.body.placeholder') : undefined}
        options={bodies.map((body) => ({ value: body, label: body }))}
      />
      <RegistrationNumberField />
    </>
  );
}

function Step2Fields({ answers }: { answers: StoredAnswers }) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const checkedError = useFieldError('isChecked');
  const name = typeof answers.whereYouWork === 'string' ? answers.whereYouWork : '';
  const address = typeof answers.address === 'string' ? answers.address : '';
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

function Step3SubmitBar({ submitting, before }: { submitting: boolean; before: ReactNode }) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const howFound = useWatch({ control, name: HOW_FOUND }) as unknown;
  return (
    <SubmitBar
      mandatoryCheckboxes={AGREEMENT_FIELDS}
      submitting={submitting}
      before={before}
      requirements={[{ fieldId: HOW_FOUND, met: typeof howFound === 'string' && howFound.trim() !== '', text: t('steps.missing.howFound') }]}
    />
  );
}


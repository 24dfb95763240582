// The one runner behind every form page: start values (kept answers, a stored record behind an
// edit link, the market's defaults), validation of the step with the catalogue's schema (every
// error at once), the error summary in page order, answers kept in the browser between visits,
// Previous/Next, the submit and what its answer means (spec §4 "After submit", §8).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { answersOf, emptyValues, errorTarget, fieldOrder, honeypotOf, payloadSchema, repeatNumbers, sectionsOf, stepSchema } from '#shared/forms/derive.ts';
import { isLanguage, type Country } from '#shared/markets.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { fieldErrors } from '#shared/schemas/api.ts';
import { certificateProblem } from '#shared/schemas/registration-steps.ts';
import type { FormContext, FormDef } from '#shared/forms/model.ts';
import { registrationBodiesFor } from '#shared/reference/registration-bodies.ts';
import { useLocalPath, useSite } from '../lib/site-context.tsx';
import { callApi, type ApiResult } from '../lib/api-client.ts';
import { formContract } from '#shared/api/form-endpoints.ts';
import { LINK_NOT_VALID } from '../lib/api/get-pharmacist.ts';
import { getRecord } from '../lib/api/get-record.ts';
import { getDraft } from '../lib/api/drafts.ts';
import type { SummaryError } from '../components/error-summary.tsx';
import { clearAnswers, loadAnswers, loadMeta, replaceAnswers, saveAnswers, storable, storeOf, updateMeta, type StoredAnswers, type StoredMeta } from './answers-store.ts';
import { deleteCertificate, getCertificate } from './steps/certificate-store.ts';
import { certificateErrorKey } from './steps/certificate-text.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { routePath } from '#shared/routes.ts';
import { answersFromRecord } from './record-answers.ts';
import { saveOutcome, type SaveOutcome } from './save-outcome.ts';
import type * as Outbox from './offline-outbox.ts';
import { useErrorText } from '../lib/use-error-text.ts';

const GENERIC_FAILURE = 'errorsGlobal.temporarilyUnavailableService';
const EMAIL_TAKEN = 'step3.errorEmailIsAlreadyRegistered';

type Values = Record<string, unknown>;
/** `linkNotValid`: the edit link names no application (unknown, replaced or expired). */
type Phase = 'loading' | 'ready' | 'failed' | 'linkNotValid';

/** An error on a field of another step: shown in the summary with a link to that step. */
export interface OtherStepError {
  step: number;
  fieldId: string;
  key: string;
}

/** The i18n namespaces of a form's wording: its own, then its sections', then the shared one. */
function textsOf(form: FormDef): string[] {
  return [...new Set([form.texts, ...sectionsOf(form).map((s) => s.texts), 'form'])];
}

/** A new form's values: empty answers (and honeypot), with the registration body preselected where the market has one only. */
function startValues(form: FormDef, context: FormContext): Values {
  const honeypot = honeypotOf(form);
  const values: Values = { ...emptyValues(form, context), ...(honeypot ? { [honeypot]: '' } : {}) };
  const bodies = registrationBodiesFor(context.country);
  if ('bodyOfRegistration' in values && bodies.length === 1) values.bodyOfRegistration = bodies[0];
  return values;
}

/** Only answers of this form's fields are taken from the store (another variant may have kept others). */
const withKept = (form: FormDef, values: Values, kept: Values): Values => ({ ...values, ...answersOf(form, kept) });

/** The answers a submit sends: fields of sections that do not apply (visibleWhen) and empty numbered blocks left out. */
function applying(form: FormDef, values: Values): Values {
  const out = { ...values };
  for (const section of sectionsOf(form)) {
    const names = Object.keys(section.fields);
    const applies = !section.visibleWhen || section.visibleWhen(values);
    if (section.repeat) {
      const present = applies ? repeatNumbers(section, values) : [];
      for (let n = section.repeat.from; n <= section.repeat.max; n++) if (!present.includes(n)) for (const name of names) delete out[`${name}${n}`];
    } else if (!applies) {
      // A field another applying section asks for stays (the visit's oncStatus is asked twice).
      const askedElsewhere = new Set(sectionsOf(form).filter((s) => s !== section && !s.repeat && (!s.visibleWhen || s.visibleWhen(values))).flatMap((s) => Object.keys(s.fields)));
      for (const name of names) if (!askedElsewhere.has(name)) delete out[name];
    }
  }
  return out;
}

/** Calls the form's endpoint (its contract, derived from the entry); JSON or multipart with the files. */
function send(form: FormDef, payload: Values, files: Record<string, File | null> = {}, headers?: Record<string, string>): Promise<ApiResult> {
  const contract = formContract(form);
  if (contract.encoding === 'json') return callApi(contract, { request: payload, headers });
  const body = new FormData();
  for (const [name, value] of Object.entries(payload)) if (value !== undefined && value !== null) body.append(name, String(value));
  for (const [name, file] of Object.entries(files)) if (file) body.append(name, file, file.name);
  return callApi(contract, { form: body, headers });
}


/** Whether a value belongs to the step's fields (numbered blocks included): a step keeps only its own answers. */
function stepFields(form: FormDef, step: number): (name: string) => boolean {
  const sections = [...sectionsOf(form, step), ...(form.carried ?? []).map(sectionOf)];
  const plain = new Set(sections.filter((s) => !s.repeat).flatMap((s) => [...Object.keys({ ...s.fields, ...s.formFields }), ...(s.files ?? [])]));
  const repeated = new Set(sections.filter((s) => s.repeat).flatMap((s) => Object.keys(s.fields)));
  return (name) => plain.has(name) || repeated.has(name.replace(/\d+$/, ''));
}

const pickWhere = (values: Values, keep: (name: string) => boolean): Values => Object.fromEntries(Object.entries(values).filter(([name]) => keep(name)));

/** Spec §2, §4: the first step is always open; later steps need a stored first name (or the form's own first answer). */
const mayVisit = (form: FormDef, step: number, answers: Values) => {
  const needed = answers[form.laterStepsNeed ?? 'firstName'];
  return step === 1 || (typeof needed === 'string' && needed.trim() !== '');
};

export interface RunnerOptions {
  /** Start values the page sets, over any kept or stored ones (the area manager of the route, a record being edited). */
  values?: Values;
  /** The path of a step, when the form's steps are not the applicants' /form/{step}. */
  stepPath?: (step: number) => string;
}

export function useFormRunner(form: FormDef, step = 1, options: RunnerOptions = {}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [searchParams] = useSearchParams();
  const pathOfStep = (target: number) => (options.stepPath ? options.stepPath(target) : stepPath(target, searchParams));
  const recordId = form.prefill ? (searchParams.get(form.prefill.param) ?? '') : '';
  const editing = recordId !== '' && form.editsApplication === true;
  /** A stored record opens the form: the application behind an edit link, or the rep's pharmacy. */
  const loadsRecord = recordId !== '' && form.prefill !== undefined;
  const draftToken = form.keepAnswers ? (searchParams.get('draft') ?? '') : '';
  const hasCertificate = Boolean(form.files?.certificate);
  const country: Country = config.country;
  const store = storeOf(form, country);
  const context: FormContext = { country, language: config.language, loginToken: editing ? recordId : undefined, basePath: config.basePath };

  // Most visits need nothing that waits (no draft link, no record, no stored certificate): the
  // form renders at once from the kept answers, in the same task as the page's first paint.
  const [atOnce] = useState(() => {
    if (!form.keepAnswers) return !loadsRecord;
    const meta = loadMeta(store);
    if (draftToken && meta.draftLoaded !== draftToken) return false;
    if (editing && meta.prefilledFor !== recordId) return false;
    return mayVisit(form, step, loadAnswers(store)) && !meta.certificate;
  });
  const [initial] = useState(() => {
    const base = startValues(form, context);
    // The record a staff form works on (the rep's visit: ?pharmacyId=) travels in the payload.
    if (form.prefill && !editing && recordId && form.prefill.param in base) base[form.prefill.param] = recordId;
    return { ...(form.keepAnswers && atOnce ? withKept(form, base, loadAnswers(store)) : base), ...options.values };
  });
  const resolver = useMemo(
    () => zodResolver(stepSchema(form, step, { editing }) as unknown as z.ZodMiniType<Values, Values>) as unknown as Resolver<Values>,
    [form, step, editing],
  );
  // The error summary takes focus (GOV.UK pattern), so react-hook-form must not focus a field itself.
  const methods = useForm<Values>({ defaultValues: initial, resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [phase, setPhase] = useState<Phase>(atOnce ? 'ready' : 'loading');
  const [stored, setStored] = useState<StoredAnswers>(() => (form.keepAnswers && atOnce ? loadAnswers(store) : {}));
  const [meta, setMeta] = useState<StoredMeta>(() => (form.keepAnswers && atOnce ? loadMeta(store) : {}));
  const [draftMissing, setDraftMissing] = useState(false);
  const [prefilledName, setPrefilledName] = useState(() => editing && typeof initial.whereYouWork === 'string' && initial.whereYouWork !== '');
  const [submitting, setSubmitting] = useState(false);
  const [globalMessage, setGlobalMessage] = useState<string | null>(null);
  const [otherStepErrors, setOtherStepErrors] = useState<OtherStepError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [captchaReset, setCaptchaReset] = useState(0);
  /** The stored record's name (the rep's pharmacy), for the page and the offline queue. */
  const [recordName, setRecordName] = useState('');
  /** One key per submitted answer: a retry of the same submit is the same request to the server. */
  const idempotencyKey = useRef<string | null>(null);
  /** The offline outbox (./offline-outbox.ts), loaded only by the forms that queue. */
  const outbox = useRef<typeof Outbox | null>(null);
  const started = useRef(false);
  const [onThisStep] = useState(() => stepFields(form, step));

  // A draft link, the record behind an edit link, the bounce to step 1 and a kept certificate,
  // in that order; each is done once (the store remembers), later visits keep the applicant's changes.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (atOnce) {
      if (hasCertificate && step === 1) void deleteCertificate(); // a file left from another session
      return;
    }
    void (async () => {
      if (draftToken && loadMeta(store).draftLoaded !== draftToken) {
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
          replaceAnswers(store, storable(answersOf(form, draft.data)));
          await deleteCertificate();
          updateMeta(store, { draftLoaded: draftToken, certificate: undefined, certificateMissingFromDraft: hasCertificate || undefined });
        } else {
          setDraftMissing(true);
          updateMeta(store, { draftLoaded: draftToken });
        }
      }
      let fromRecord = false;
      if (loadsRecord && loadMeta(store).prefilledFor !== recordId) {
        // An update still waiting to be sent (offline) is newer than the stored record. The outbox
        // is loaded now, while there is a connection, for a submit made offline later.
        if (form.queueOffline) outbox.current = await import('./offline-outbox.ts').catch(() => null);
        const waiting = outbox.current?.pendingEntries().find((e) => e.formId === form.id && e.recordId === recordId)?.payload;
        const stored = await getRecord(formContract(form).prefill!, recordId).catch(() => null);
        const record = waiting ? { ...(stored === LINK_NOT_VALID ? null : stored), ...waiting } : stored;
        if ((!record || record === LINK_NOT_VALID) && form.keepAnswers && !mayVisit(form, step, loadAnswers(store))) {
          // Step 1 says what went wrong with the link (spec §4 sends a later step without a first name there).
          void navigate(localPath(pathOfStep(1)), { replace: true });
          return;
        }
        if (record === LINK_NOT_VALID) return setPhase('linkNotValid');
        if (!record) return setPhase('failed');
        const answers = answersFromRecord(form, record);
        if (!form.keepAnswers) {
          // Numbered blocks too (the extra pharmacists), which a new form's values do not list.
          const values = { ...startValues(form, context), ...answers, ...options.values };
          if (!editing && form.prefill!.param in values) values[form.prefill!.param] = recordId;
          methods.reset(values);
          setRecordName(typeof record.whereYouWork === 'string' ? record.whereYouWork : '');
          setPrefilledName(typeof answers.whereYouWork === 'string' && answers.whereYouWork !== '');
          return setPhase('ready');
        }
        replaceAnswers(store, storable(answers));
        updateMeta(store, { prefilledFor: recordId });
        fromRecord = true;
      }
      // Spec §4: a later step without a first name (kept, or in the record being edited) starts again at step 1.
      if (form.keepAnswers && !mayVisit(form, step, loadAnswers(store))) {
        void navigate(localPath(pathOfStep(1)), { replace: true });
        return;
      }
      const kept = loadAnswers(store);
      const values = { ...withKept(form, startValues(form, context), kept), ...options.values };
      const keptMeta = loadMeta(store);
      if (keptMeta.certificate) values.file = await getCertificate();
      else if (hasCertificate && step === 1) await deleteCertificate(); // a file left from another session
      methods.reset(values);
      setStored(kept);
      setMeta(keptMeta);
      if (fromRecord) setPrefilledName(typeof values.whereYouWork === 'string' && values.whereYouWork !== '');
      setPhase('ready');
    })();
    // Once per page: the route remounts the page for each step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every change is kept at once, so a reload, a visit to the terms or a failed save loses nothing.
  useEffect(() => {
    if (!form.keepAnswers || phase !== 'ready') return;
    const subscription = methods.watch((values) => saveAnswers(store, storable(answersOf(form, pickWhere(values as Values, onThisStep)))));
    return () => subscription.unsubscribe();
    // onThisStep follows form and step, which the page never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [methods, form.keepAnswers, store, phase]);

  const names = textsOf(form);
  const fieldName = (fieldId: string): string => {
    const numbered = /^(.*\D)(\d+)$/.exec(fieldId);
    const base = numbered && !i18n.exists(`form.fieldNames.${fieldId}`) ? numbered[1]! : fieldId;
    const name = t(names.map((ns) => `${ns}.fieldNames.${base}`));
    return base === fieldId ? name : t('form.fieldNameNumbered', { field: name, number: numbered![2] });
  };
  const messageFor = (fieldId: string, key: string) => (fieldId === 'file' ? errorText(certificateErrorKey(key)) : errorText(key));

  const { errors } = methods.formState;
  const errorKeys = Object.keys(errors).join();
  const summary = useMemo(() => {
    const byField = new Map<string, string>();
    let unplaced = false;
    for (const [field, error] of Object.entries(errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message) continue;
      const target = errorTarget(form, field);
      if (!target) unplaced = true;
      else if (!byField.has(target.fieldId)) byField.set(target.fieldId, message);
    }
    const items: SummaryError[] = [];
    if (globalMessage) items.push({ message: errorText(globalMessage) });
    else if (unplaced) items.push({ message: errorText(GENERIC_FAILURE) });
    for (const fieldId of fieldOrder(form, step, methods.getValues())) {
      const key = byField.get(fieldId);
      if (key) items.push({ fieldId, message: t('form.summaryItem', { field: fieldName(fieldId), message: messageFor(fieldId, key) }) });
    }
    for (const error of otherStepErrors) {
      items.push({
        to: `${localPath(pathOfStep(error.step))}#${error.fieldId}`,
        message: t('steps.summaryOtherStep', { field: fieldName(error.fieldId), message: messageFor(error.fieldId, error.key), step: error.step }),
      });
    }
    return items;
    // formState.errors is mutated in place by react-hook-form: recompute when its keys or the attempt change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, errorKeys, globalMessage, otherStepErrors, attempt, t, step]);
  const showSummary = attempt > 0 && summary.length > 0;
  /** The save said the e-mail belongs to an application already: the page offers a link to update it. */
  const emailTaken = errors.email?.message === EMAIL_TAKEN || otherStepErrors.some((e) => e.fieldId === 'email' && e.key === EMAIL_TAKEN);

  /** Errors by payload field: this step's at their fields, other steps' in the summary. */
  const showFieldErrors = (byField: Record<string, string>) => {
    const others: OtherStepError[] = [];
    let unplaced = false;
    for (const [field, key] of Object.entries(byField)) {
      const target = errorTarget(form, field);
      if (!target) unplaced = true;
      else if (target.step === step) methods.setError(target.fieldId as FieldPath<Values>, { type: 'server', message: key });
      else if (!others.some((o) => o.fieldId === target.fieldId)) others.push({ step: target.step, fieldId: target.fieldId, key });
    }
    setOtherStepErrors(others.sort((a, b) => a.step - b.step));
    setGlobalMessage(unplaced ? GENERIC_FAILURE : null);
  };

  const keepNow = () => {
    if (form.keepAnswers) saveAnswers(store, storable(answersOf(form, pickWhere(methods.getValues(), onThisStep))));
  };
  const goToStep = (target: number) => void navigate(localPath(pathOfStep(target)));

  /** The answers so far, this step's included (the draft e-mail, check your answers). */
  const answersSoFar = (): StoredAnswers => storable(answersOf(form, { ...(form.keepAnswers ? loadAnswers(store) : {}), ...methods.getValues() }));

  const submit = async (validated: Values) => {
    setGlobalMessage(null);
    setOtherStepErrors([]);
    keepNow();
    const values = applying(form, { ...answersOf(form, form.keepAnswers ? loadAnswers(store) : {}), ...methods.getValues(), ...validated });
    const certificate = hasCertificate ? ((values.file as File | null | undefined) ?? null) : null;
    delete values.file;
    const mapped = form.toPayload ? form.toPayload(values) : values;
    // The market, language and edit token travel as the entry's transport fields (in `values`); the honeypot as it is.
    const honeypot = honeypotOf(form);
    const trap: Values = honeypot ? { [honeypot]: methods.getValues(honeypot) ?? '' } : {};
    let payload: Values = { ...mapped, ...trap };
    if (editing) payload.loginToken = recordId;
    else delete payload.loginToken;
    if (form.steps.length > 1) {
      // The earlier steps' answers were checked step by step; check the whole application once more
      // (the server does too), so that what is wrong shows with a link to its step.
      const parsed = payloadSchema(form).safeParse(payload);
      const clientErrors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
      const problem = certificate ? certificateProblem(certificate) : hasCertificate && !(editing && form.files?.certificate === 'unlessEditing') ? ErrorKey.required : null;
      if (problem) clientErrors.file = problem;
      if (Object.keys(clientErrors).length) {
        showFieldErrors(clientErrors);
        setAttempt((n) => n + 1);
        return;
      }
      payload = { ...(parsed.data as Values), ...trap };
    }
    setSubmitting(true);
    let outcome: SaveOutcome;
    if (form.queueOffline && !outbox.current) outbox.current = await import('./offline-outbox.ts').catch(() => null);
    const key = form.queueOffline ? (idempotencyKey.current ??= crypto.randomUUID()) : null;
    const queue = () => {
      if (!outbox.current) return setPhase('failed');
      outbox.current.enqueue({ key: key!, formId: form.id, recordId, label: recordName, path: formContract(form).path, method: formContract(form).method, payload });
      idempotencyKey.current = null;
      void navigate(localPath(form.done), { state: { queued: true } });
    };
    if (key && typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
    try {
      outcome = saveOutcome(await send(form, payload, { file: certificate }, key ? { 'Idempotency-Key': key } : undefined));
    } catch {
      // No answer at all: a form that may wait for the connection keeps the submit for later.
      if (key) return queue();
      outcome = { kind: 'errorView' };
    }
    setSubmitting(false);
    if (outcome.kind === 'saved') idempotencyKey.current = null;
    switch (outcome.kind) {
      case 'saved':
        clearAnswers(store);
        if (hasCertificate) await deleteCertificate();
        // The thank-you page shows the reference from the navigation's state (kept on reload).
        void navigate(localPath(form.done), outcome.reference ? { state: { reference: outcome.reference } } : undefined);
        return;
      case 'errorView':
        setPhase('failed');
        return;
      case 'message':
        setGlobalMessage(outcome.message);
        break;
      case 'fieldErrors':
        showFieldErrors(outcome.errors);
        break;
    }
    // The server spends a bot-check solution when it sees it: a new one is needed.
    methods.setValue('recaptchaToken', '');
    setCaptchaReset((n) => n + 1);
    setAttempt((n) => n + 1);
  };

  const onValid = async (validated: Values) => {
    if (step < form.steps.length) {
      keepNow();
      goToStep(step + 1);
      return;
    }
    await submit(validated);
  };

  const onInvalid = () => {
    setGlobalMessage(null);
    setAttempt((n) => n + 1);
  };

  const onPrevious = step > 1 ? () => (keepNow(), goToStep(step - 1)) : undefined;

  return {
    methods,
    phase,
    editing,
    recordName,
    prefilledName,
    stored,
    meta,
    draftMissing,
    submitting,
    attempt,
    captchaReset,
    summary,
    showSummary,
    emailTaken,
    answersSoFar,
    onSubmit: methods.handleSubmit(onValid, onInvalid),
    onPrevious,
  };
}

/** Query parameters kept on every step navigation (spec §2: pharmacistId; also lang and draft). */
const KEPT_PARAMS = ['pharmacistId', 'lang', 'draft'] as const;

/** '/form/{step}' with the kept query parameters of `search` (add a #fragment after useLocalPath). */
export function stepPath(step: number, search: string | URLSearchParams): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `${routePath('formStep', { step: String(step) })}${query ? `?${query}` : ''}`;
}

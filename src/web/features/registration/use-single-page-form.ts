// What the UK and Italian single pages share: prefill from ?pharmacistId=, the error summary and
// page title, the submit flow (spec §4 "After submit") and the bot-check reset after each answer.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type PathValue, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Country, Language } from '#shared/markets.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import type { SummaryError } from '../../components/error-summary.tsx';
import { getPharmacist, type StoredPharmacist } from '../../lib/api/get-pharmacist.ts';
import type { ApiResult } from '../../lib/api-client.ts';
import { saveOutcome, type SaveOutcome } from './save-outcome.ts';
import { useErrorText } from './use-field-error.ts';

const GENERIC_FAILURE = 'errorsGlobal.temporarilyUnavailableService';

/** The fields the shared flow reads or writes itself. */
interface SinglePageFields extends FieldValues {
  whereYouWork: string;
  recaptchaToken: string;
  website: string;
}

/** The payload as sent: the market's payload with the site's country and language, the edit token and the honeypot. */
export type SinglePageBody<P> = Omit<P, 'loginToken'> & { appStoreCountry: Country; formLanguage: Language; loginToken?: string; website: string };

/** What differs between the markets' single pages. */
export interface SinglePageFormSpec<TForm extends SinglePageFields, TValid, TField extends FieldPath<TForm>, P extends { loginToken?: unknown }> {
  resolver: Resolver<TForm, unknown, TValid>;
  emptyValues: (country: Country, language: Language, loginToken: string) => TForm;
  fromStored: (stored: StoredPharmacist, base: TForm) => TForm;
  /** Fields in page order: the summary lists their errors in this order. */
  fieldOrder: readonly TField[];
  /** Which visible field shows an error reported for a payload field; null when none does. */
  errorFieldFor: (field: string) => TField | null;
  /** i18n key (or keys, first found wins) of a field's name in the summary. */
  fieldNameKey: (field: TField) => string | string[];
  pageTitleKey: string;
  toPayload: (values: TValid) => P;
  save: (body: SinglePageBody<P>) => Promise<ApiResult>;
}

type Phase = 'loading' | 'ready' | 'failed';

/** `spec` must be stable (a module constant): the prefill effect depends on it. */
export function useSinglePageForm<TForm extends SinglePageFields, TValid, TField extends FieldPath<TForm>, P extends { loginToken?: unknown }>(
  spec: SinglePageFormSpec<TForm, TValid, TField, P>,
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [searchParams] = useSearchParams();
  const pharmacistId = searchParams.get('pharmacistId') ?? '';
  const { emptyValues } = spec;
  const base = useMemo(() => emptyValues(config.country, config.language, pharmacistId), [emptyValues, config.country, config.language, pharmacistId]);
  // The error summary takes focus (GOV.UK pattern), so react-hook-form must not focus a field itself.
  const form = useForm<TForm, unknown, TValid>({ defaultValues: base as DefaultValues<TForm>, resolver: spec.resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [phase, setPhase] = useState<Phase>(pharmacistId ? 'loading' : 'ready');
  const [prefilledName, setPrefilledName] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [globalMessage, setGlobalMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [captchaReset, setCaptchaReset] = useState(0);
  const prefillStarted = useRef(false);

  const { errors } = form.formState;
  const errorKeys = Object.keys(errors).join();
  const summary = useMemo(() => {
    const byField = new Map<TField, string>();
    let unplaced = false;
    for (const [field, error] of Object.entries(errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message) continue;
      const target = spec.errorFieldFor(field);
      if (!target) unplaced = true;
      else if (!byField.has(target)) byField.set(target, message);
    }
    const items: SummaryError[] = [];
    if (globalMessage) items.push({ message: errorText(globalMessage) });
    else if (unplaced) items.push({ message: errorText(GENERIC_FAILURE) });
    for (const field of spec.fieldOrder) {
      const key = byField.get(field);
      if (key) items.push({ fieldId: field, message: t('form.summaryItem', { field: t(spec.fieldNameKey(field)), message: errorText(key) }) });
    }
    return items;
    // formState.errors is mutated in place by react-hook-form: recompute when its keys or the attempt change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, globalMessage, t, errorKeys, attempt]);
  const showSummary = attempt > 0 && summary.length > 0;

  const { pageTitleKey } = spec;
  useEffect(() => {
    const title = t(pageTitleKey, { product: config.productName });
    document.title = showSummary ? `${t('components.errorPrefix')} ${title}` : title;
  }, [t, pageTitleKey, config.productName, showSummary]);

  // Prefill once (spec §4): the edit link carries pharmacistId.
  const { fromStored } = spec;
  useEffect(() => {
    if (!pharmacistId || prefillStarted.current) return;
    prefillStarted.current = true;
    getPharmacist(pharmacistId).then(
      (stored) => {
        if (!stored) {
          setPhase('failed');
          return;
        }
        const values = fromStored(stored, base);
        form.reset(values);
        setPrefilledName(values.whereYouWork !== '');
        setPhase('ready');
      },
      () => setPhase('failed'),
    );
  }, [pharmacistId, base, form, fromStored]);

  const onValid = async (values: TValid) => {
    setGlobalMessage(null);
    setSubmitting(true);
    let outcome: SaveOutcome;
    try {
      const { loginToken: _unused, ...payload } = spec.toPayload(values);
      const body = {
        ...payload,
        appStoreCountry: config.country,
        formLanguage: config.language,
        ...(pharmacistId ? { loginToken: pharmacistId } : {}),
        website: form.getValues('website' as FieldPath<TForm>) as string,
      };
      outcome = saveOutcome(await spec.save(body));
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
          const target = spec.errorFieldFor(field);
          if (target) form.setError(target, { type: 'server', message: key });
          else unplaced = true;
        }
        if (unplaced) setGlobalMessage(GENERIC_FAILURE);
        break;
      }
    }
    // The server spends a bot-check solution when it sees it: a new one is needed.
    form.setValue('recaptchaToken' as FieldPath<TForm>, '' as PathValue<TForm, FieldPath<TForm>>);
    setCaptchaReset((n) => n + 1);
    setAttempt((n) => n + 1);
  };

  const onInvalid = () => {
    setGlobalMessage(null);
    setAttempt((n) => n + 1);
  };

  return {
    form,
    phase,
    prefilledName,
    submitting,
    attempt,
    captchaReset,
    summary,
    showSummary,
    onSubmit: form.handleSubmit(onValid, onInvalid),
  };
}

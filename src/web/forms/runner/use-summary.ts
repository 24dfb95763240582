// The runner's error summary (GOV.UK pattern): this step's errors in page order with links to their
// fields, other steps' errors with links to their step, and a message for the whole form; and the
// server's field errors placed where the form shows them.
//
// The summary says what the last submit attempt found, as a page sent back would; the fields' own
// errors follow the typing. Were it live, a form turning valid and invalid again as someone types
// would bring it back, and its focus (it takes focus when it appears) would take their keystrokes.
import { useMemo, useState } from 'react';
import type { FieldErrors, FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorTarget, fieldOrder } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import type { SummaryError } from '../../components/error-summary.tsx';
import { useLocalPath } from '../../lib/site-context.tsx';
import { certificateErrorKey } from '../steps/certificate-text.ts';
import { useErrorText } from '../../lib/use-error-text.ts';
import { textsOf, type Values } from './values.ts';

const GENERIC_FAILURE = 'errorsGlobal.temporarilyUnavailableService';
const EMAIL_TAKEN = 'step3.errorEmailIsAlreadyRegistered';

/** An error on a field of another step: shown in the summary with a link to that step. */
interface OtherStepError {
  step: number;
  fieldId: string;
  key: string;
}

/** What the last submit attempt found: a message for the whole form, this step's errors in page order, other steps' errors. */
interface Found {
  attempt: number;
  global: string | null;
  fields: { fieldId: string; key: string }[];
  others: OtherStepError[];
}

export function useErrorSummary(form: FormDef, step: number, methods: UseFormReturn<Values>, pathOfStep: (step: number) => string) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const localPath = useLocalPath();
  const [found, setFound] = useState<Found>({ attempt: 0, global: null, fields: [], others: [] });

  const names = textsOf(form);
  const fieldName = (fieldId: string): string => {
    const numbered = /^(.*\D)(\d+)$/.exec(fieldId);
    const base = numbered && !names.some((ns) => i18n.exists(`${ns}.fieldNames.${fieldId}`)) ? numbered[1]! : fieldId;
    const name = t(names.map((ns) => `${ns}.fieldNames.${base}`));
    return base === fieldId ? name : t('form.fieldNameNumbered', { field: name, number: numbered![2] });
  };
  const messageFor = (fieldId: string, key: string) => (fieldId === 'file' ? errorText(certificateErrorKey(key)) : errorText(key));

  const summary = useMemo(() => {
    const items: SummaryError[] = [];
    if (found.global) items.push({ message: errorText(found.global) });
    for (const { fieldId, key } of found.fields) {
      items.push({ fieldId, message: t('form.summaryItem', { field: fieldName(fieldId), message: messageFor(fieldId, key) }) });
    }
    for (const error of found.others) {
      items.push({
        to: `${localPath(pathOfStep(error.step))}#${error.fieldId}`,
        message: t('steps.summaryOtherStep', { field: fieldName(error.fieldId), message: messageFor(error.fieldId, error.key), step: error.step }),
      });
    }
    return items;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rest follows from the form and the translations
  }, [found, t]);
  const showSummary = found.attempt > 0 && summary.length > 0;
  /** The save said the e-mail belongs to an application already: the page offers a link to update it. */
  const emailTaken = [...found.fields, ...found.others].some((e) => e.fieldId === 'email' && e.key === EMAIL_TAKEN);

  /**
   * An attempt's errors by payload field: this step's (placed at the fields that show them, in page
   * order) and other steps' (or those an earlier attempt found, when this one checked this step only).
   */
  const attempted = (byField: Record<string, string>, message: string | null, keepOtherSteps = false) => {
    const here = new Map<string, string>();
    const elsewhere: OtherStepError[] = [];
    let unplaced = false;
    for (const [field, key] of Object.entries(byField)) {
      const target = errorTarget(form, field);
      if (!target) unplaced = true;
      else if (target.step === step) here.set(target.fieldId, here.get(target.fieldId) ?? key);
      else if (!elsewhere.some((o) => o.fieldId === target.fieldId)) elsewhere.push({ step: target.step, fieldId: target.fieldId, key });
    }
    const fields = fieldOrder(form, step, methods.getValues()).flatMap((fieldId) => (here.has(fieldId) ? [{ fieldId, key: here.get(fieldId)! }] : []));
    const global = message ?? (unplaced ? GENERIC_FAILURE : null);
    setFound((last) => ({ attempt: last.attempt + 1, global, fields, others: keepOtherSteps ? last.others : elsewhere.sort((a, b) => a.step - b.step) }));
  };

  /** A submit this step's rules refused (react-hook-form's errors): the other steps' errors found before stay listed. */
  const refusedHere = (errors: FieldErrors<Values>) => {
    const byField: Record<string, string> = {};
    for (const [field, error] of Object.entries(errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message === 'string' && message) byField[field] = message;
    }
    attempted(byField, null, true);
  };

  /** A submit refused as a whole (the application checked across steps, or the server's answer): each error where the form shows it. */
  const refused = (byField: Record<string, string>, message: string | null = null) => {
    for (const [field, key] of Object.entries(byField)) {
      const target = errorTarget(form, field);
      if (target?.step === step) methods.setError(target.fieldId as FieldPath<Values>, { type: 'server', message: key });
    }
    attempted(byField, message);
  };

  /** A submit that passed this step's rules: the last attempt's summary goes. */
  const passed = () => attempted({}, null);

  return { summary, showSummary, emailTaken, attempt: found.attempt, refusedHere, refused, passed };
}

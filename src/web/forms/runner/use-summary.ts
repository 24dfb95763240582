// The runner's error summary (GOV.UK pattern): this step's errors in page order with links to their
// fields, other steps' errors with links to their step, and a message for the whole form; and the
// server's field errors placed where the form shows them.
import { useMemo, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
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
export interface OtherStepError {
  step: number;
  fieldId: string;
  key: string;
}

export function useErrorSummary(form: FormDef, step: number, methods: UseFormReturn<Values>, pathOfStep: (step: number) => string) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const localPath = useLocalPath();
  const [globalMessage, setGlobalMessage] = useState<string | null>(null);
  const [otherStepErrors, setOtherStepErrors] = useState<OtherStepError[]>([]);
  const [attempt, setAttempt] = useState(0);

  const names = textsOf(form);
  const fieldName = (fieldId: string): string => {
    const numbered = /^(.*\D)(\d+)$/.exec(fieldId);
    const base = numbered && !names.some((ns) => i18n.exists(`${ns}.fieldNames.${fieldId}`)) ? numbered[1]! : fieldId;
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

  return { summary, showSummary, emailTaken, attempt, setAttempt, setGlobalMessage, setOtherStepErrors, showFieldErrors };
}

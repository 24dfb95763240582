// The runner's moves: Next and Previous between steps (each keeping the step's answers), and the
// submit: the whole application checked once more, sent to the form's endpoint (or queued while
// offline, for the forms that may wait), and its answer shown (spec §4 "After submit", §8).
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formContract } from '#shared/api/form-endpoints.ts';
import { answersOf, honeypotOf, payloadSchema } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { fieldErrors } from '#shared/schemas/api.ts';
import { certificateProblem } from '#shared/schemas/registration-steps.ts';
import { useLocalPath } from '../../lib/site-context.tsx';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { clearAnswers, loadAnswers, saveAnswers, storable, type StoredAnswers } from '../answers-store.ts';
import { saveOutcome, type SaveOutcome } from '../save-outcome.ts';
import { deleteCertificate } from '../steps/certificate-store.ts';
import { send } from './send.ts';
import type { useErrorSummary } from './use-summary.ts';
import type { useFormStart } from './use-start.ts';
import { applying, pickWhere, type Values } from './values.ts';

type Start = ReturnType<typeof useFormStart>;
type Summary = ReturnType<typeof useErrorSummary>;

export function useFormMoves(form: FormDef, step: number, start: Start, errors: Summary) {
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const { methods, store, onThisStep, editing, recordId, recordName, outbox, setPhase, pathOfStep } = start;
  const { refused, refusedHere, passed } = errors;
  const hasCertificate = Boolean(form.files?.certificate);
  const [submitting, setSubmitting] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  /** One key per submitted answer: a retry of the same submit is the same request to the server. */
  const idempotencyKey = useRef<string | null>(null);

  const keepNow = () => {
    if (form.keepAnswers) saveAnswers(store, storable(answersOf(form, pickWhere(methods.getValues(), onThisStep))));
  };
  const goToStep = (target: number) => void navigate(localPath(pathOfStep(target)));

  /** The answers so far, this step's included (the draft e-mail, check your answers). */
  const answersSoFar = (): StoredAnswers => storable(answersOf(form, { ...(form.keepAnswers ? loadAnswers(store) : {}), ...methods.getValues() }));

  const submit = async (validated: Values) => {
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
      const problem = certificate
        ? certificateProblem(certificate)
        : hasCertificate && !(editing && form.files?.certificate === 'unlessEditing')
          ? ErrorKey.required
          : null;
      if (problem) clientErrors.file = problem;
      if (Object.keys(clientErrors).length) {
        refused(clientErrors);
        return;
      }
      payload = { ...(parsed.data as Values), ...trap };
    }
    setSubmitting(true);
    let outcome: SaveOutcome;
    let answerData: unknown;
    if (form.queueOffline && !outbox.current) outbox.current = await import('../offline-outbox.ts').catch(() => null);
    const key = form.queueOffline ? (idempotencyKey.current ??= crypto.randomUUID()) : null;
    const queue = () => {
      if (!outbox.current) return setPhase('failed');
      outbox.current.enqueue({
        key: key!,
        formId: form.id,
        recordId,
        label: recordName,
        path: formContract(form).path,
        method: formContract(form).method,
        payload,
      });
      idempotencyKey.current = null;
      void navigate(localPath(form.done), { state: { queued: true } });
    };
    if (key && typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
    try {
      const sent = await send(form, payload, { file: certificate }, key ? { 'Idempotency-Key': key } : undefined);
      answerData = sent?.body?.data;
      outcome = saveOutcome(sent, form.emailTakenKey);
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
        // An entry whose answer is shown once (an issued API key) hands it to the done page, which clears it.
        if (form.answerToDone) void navigate(localPath(form.done), { state: { answer: answerData } });
        else void navigate(localPath(form.done), outcome.reference ? { state: { reference: outcome.reference } } : undefined);
        return;
      case 'errorView':
        setPhase('failed');
        return;
      case 'message':
        refused({}, outcome.message);
        break;
      case 'fieldErrors':
        refused(outcome.errors);
        break;
    }
    // The server spends a bot-check solution when it sees it: a new one is needed.
    methods.setValue('recaptchaToken', '');
    setCaptchaReset((n) => n + 1);
  };

  const onValid = async (validated: Values) => {
    passed();
    if (step < form.steps.length) {
      keepNow();
      goToStep(step + 1);
      return;
    }
    await submit(validated);
  };

  // Stable, so the form's memoised body (form-page.tsx) does not render again for them.
  const onSubmit = useStableCallback(methods.handleSubmit(onValid, refusedHere));
  const previous = useStableCallback(() => (keepNow(), goToStep(step - 1)));
  const onPrevious = step > 1 ? previous : undefined;

  return { submitting, captchaReset, answersSoFar, onSubmit, onPrevious };
}

// The one runner behind every form page (decision 0007): its start (use-start.ts), the error
// summary (use-summary.ts) and its moves, Next, Previous and the submit (use-moves.ts). The page
// renders what this returns; the entry's flags, not the page, say what the form does.
import type { FormDef } from '#shared/forms/model.ts';
import { keyFor } from '../answers-store.ts';
import { useFormMoves } from './use-moves.ts';
import { useFormStart, type RunnerOptions } from './use-start.ts';
import { useErrorSummary } from './use-summary.ts';

export function useFormRunner(form: FormDef, step = 1, options: RunnerOptions = {}) {
  const start = useFormStart(form, step, options);
  const errors = useErrorSummary(form, step, start.methods, start.pathOfStep);
  const moves = useFormMoves(form, step, start, errors);
  return {
    methods: start.methods,
    phase: start.phase,
    editing: start.editing,
    recordName: start.recordName,
    record: start.record,
    prefilledName: start.prefilledName,
    stored: start.stored,
    meta: start.meta,
    draftMissing: start.draftMissing,
    /** The sessionStorage key of the answers, for a form that keeps them. */
    keptKey: form.keepAnswers ? keyFor(start.store) : undefined,
    submitting: moves.submitting,
    attempt: errors.attempt,
    captchaReset: moves.captchaReset,
    summary: errors.summary,
    showSummary: errors.showSummary,
    emailTaken: errors.emailTaken,
    answersSoFar: moves.answersSoFar,
    onSubmit: moves.onSubmit,
    onPrevious: moves.onPrevious,
  };
}

// What a section may need to know about the form it is in, beyond its own fields: the entry, the
// step, whether a stored record is being edited, and the runner's signals.
import { createContext, useContext } from 'react';
import type { FormDef } from '#shared/forms/model.ts';
import type { StoredAnswers, StoredMeta } from './answers-store.ts';

export interface RunnerState {
  form: FormDef;
  step: number;
  /** An edit link (pharmacistId) is open: the stored record is being changed. */
  editing: boolean;
  /** The pharmacy name came from a stored record, so choosing another place clears it. */
  prefilledName: boolean;
  /** Changes after each answer from the server: the bot check must be solved again. */
  captchaReset: number;
  /** The answers kept when the step opened, every step's (step 2 names the pharmacy, step 3 checks them all). */
  stored: StoredAnswers;
  /** What the store knows beside the answers (the kept certificate, a draft without files). */
  meta: StoredMeta;
  /** The stored record a form that keeps no answers opened (the rep's pharmacy, with its last visits), for read-only sections; null otherwise. */
  record: Readonly<Record<string, unknown>> | null;
}

const Runner = createContext<RunnerState | null>(null);
export const RunnerProvider = Runner.Provider;

export function useRunner(): RunnerState {
  const state = useContext(Runner);
  if (!state) throw new Error('a form section is rendered outside the form runner');
  return state;
}

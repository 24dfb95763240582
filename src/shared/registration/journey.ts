// The three-step journey as plain functions (GOV.UK Forms' habit): which step may be visited
// with what is stored, where Previous and Next lead, and whether an application is complete.
// The browser uses them for Previous/Next and the bounces; the server may use isComplete to
// refuse an incomplete submission.
import * as z from 'zod/mini';
import type { Country } from '../markets.ts';
import { STEP_FIELDS, Step2Schema, Step3Schema, bodyOfRegistrationSchema, step1Fields } from '../schemas/registration-steps.ts';

export const STEPS = [1, 2, 3] as const;
export type Step = (typeof STEPS)[number];
export const FIRST_STEP: Step = 1;
export const LAST_STEP: Step = 3;

/** What the journey looks at: the answers stored so far (any shape; values unchecked). */
export type StoredAnswers = Record<string, unknown>;

/** '1', '2', '3' (a route parameter) or a number, as a step; null for anything else. */
export function parseStep(value: unknown): Step | null {
  const n = typeof value === 'string' && /^[1-3]$/.test(value) ? Number(value) : value;
  return n === 1 || n === 2 || n === 3 ? n : null;
}

const hasFirstName = (stored: StoredAnswers) => typeof stored.firstName === 'string' && stored.firstName.trim() !== '';

/** Spec §2, §4: step 1 is always open; steps 2 and 3 need a stored first name. */
export function canVisit(step: Step, stored: StoredAnswers): boolean {
  return step === FIRST_STEP || hasFirstName(stored);
}

/** Where Previous leads; null on step 1. */
export function previousStep(step: Step): Step | null {
  return step === 1 ? null : ((step - 1) as Step);
}

/** Where Next leads; null on the last step (which submits instead). */
export function nextStep(step: Step): Step | null {
  return step === LAST_STEP ? null : ((step + 1) as Step);
}

/** The step that asks for a payload field; null for fields no step asks for. */
export function stepOfField(field: string): Step | null {
  for (const step of STEPS) if ((STEP_FIELDS[step] as readonly string[]).includes(field)) return step;
  return null;
}

/** Each step's stored text fields, as the server would check them (the certificate is a file, checked apart). */
function storedStepSchema(step: Step, country: Country) {
  if (step === 1) return z.object({ ...step1Fields, bodyOfRegistration: bodyOfRegistrationSchema(country) });
  if (step === 2) return Step2Schema;
  return Step3Schema;
}

/** Whether a step's stored answers are complete and valid. */
export function isStepComplete(step: Step, stored: StoredAnswers, country: Country): boolean {
  return storedStepSchema(step, country).safeParse(stored).success;
}

/** The first step whose answers are missing or invalid; null when every step is complete. */
export function firstIncompleteStep(stored: StoredAnswers, country: Country): Step | null {
  for (const step of STEPS) if (!isStepComplete(step, stored, country)) return step;
  return null;
}

/** Every step complete: the application may be submitted (the certificate is checked apart). */
export function isComplete(stored: StoredAnswers, country: Country): boolean {
  return firstIncompleteStep(stored, country) === null;
}

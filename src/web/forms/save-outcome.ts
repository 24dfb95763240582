// What a form does with the answer to its submit (spec §4 "After submit", §8): saved; field errors;
// a message in the summary (429: try again in a minute); or the error view (5xx, network failure,
// an empty or unreadable answer).
import { ApiMessage } from '#shared/schemas/api.ts';
import type { ApiResult } from '../lib/api-client.ts';

export type SaveOutcome =
  /** reference: the application's short reference (PC-…), when the answer gives one. */
  | { kind: 'saved'; reference?: string }
  /** Messages per payload field (i18n keys). */
  | { kind: 'fieldErrors'; errors: Record<string, string> }
  /** A message shown in the error summary without a field (i18n key). */
  | { kind: 'message'; message: string }
  /** The generic error view. */
  | { kind: 'errorView' };

/** Rate limited: the applicant is told to wait (i18n key). */
const TRY_AGAIN_IN_A_MINUTE = 'errorsGlobal.tryAgainInAMinute';

const EMAIL_TAKEN = ['errorEmailRegistered', 'errorEmailRegistered2'];
const NUMBER_TAKEN = ['errorRegisterantNumberRegistered', 'errorRegisterantNumberRegistered2'];

/** The applicant's 'already registered' (which offers an update link); a staff form names its own message. */
const APPLICANT_EMAIL_TAKEN = 'step3.errorEmailIsAlreadyRegistered';

export function saveOutcome(result: ApiResult | null | undefined, emailTakenKey = APPLICANT_EMAIL_TAKEN): SaveOutcome {
  const body = result?.body;
  // The site cannot e-mail links yet: the person is told what its operator must set.
  if (body?.message === ApiMessage.noPublicAddress) return { kind: 'message', message: ApiMessage.noPublicAddress };
  if (!result || result.httpStatus >= 500) return { kind: 'errorView' };
  if (result.httpStatus === 429) return { kind: 'message', message: TRY_AGAIN_IN_A_MINUTE };
  if (!body) return { kind: 'errorView' };
  if (body.status === 'failed') {
    const message = typeof body.message === 'string' ? body.message : '';
    if (EMAIL_TAKEN.includes(message)) return { kind: 'fieldErrors', errors: { email: emailTakenKey } };
    if (NUMBER_TAKEN.includes(message)) {
      return { kind: 'fieldErrors', errors: { professionalRegistrationNumber: 'step3.errorRegistrantIdIsAlreadyRegistered' } };
    }
    const errors = body.errors;
    if (errors && typeof errors === 'object' && Object.keys(errors).length) {
      const clean: Record<string, string> = {};
      for (const [field, key] of Object.entries(errors)) if (typeof key === 'string') clean[field] = key;
      if (Object.keys(clean).length) return { kind: 'fieldErrors', errors: clean };
    }
    return { kind: 'message', message: 'errorsGlobal.temporarilyUnavailableService' };
  }
  if (!result.ok) return { kind: 'errorView' };
  const data = body.data as { reference?: unknown } | undefined;
  const reference = typeof data?.reference === 'string' && /^[A-Z0-9-]{1,20}$/.test(data.reference) ? data.reference : undefined;
  return reference ? { kind: 'saved', reference } : { kind: 'saved' };
}

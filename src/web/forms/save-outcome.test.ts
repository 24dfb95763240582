import { describe, expect, it } from 'vitest';
import { saveOutcome } from './save-outcome.ts';

const result = (httpStatus: number, body: Record<string, unknown> | null) => ({ ok: httpStatus < 300, httpStatus, body });

describe('saveOutcome', () => {
  it('goes to thank-you on a non-empty ok answer', () => {
    expect(saveOutcome(result(200, { status: 'ok', message: 'saved', data: { id: '1' } }))).toEqual({ kind: 'saved' });
  });
  it('carries the application reference to thank-you, and nothing that does not look like one', () => {
    expect(saveOutcome(result(200, { status: 'ok', message: 'saved', data: { id: '1', reference: 'PC-7K3M9Q' } }))).toEqual({
      kind: 'saved',
      reference: 'PC-7K3M9Q',
    });
    expect(saveOutcome(result(200, { status: 'ok', message: 'saved', data: { id: '1', reference: null } }))).toStrictEqual({ kind: 'saved' });
    expect(saveOutcome(result(200, { status: 'ok', message: 'saved', data: { id: '1', reference: '<b>x</b>' } }))).toStrictEqual({ kind: 'saved' });
  });
  it.each(['errorEmailRegistered', 'errorEmailRegistered2'])('puts %s at the email field', (message) => {
    expect(saveOutcome(result(409, { status: 'failed', message }))).toEqual({ kind: 'fieldErrors', errors: { email: 'step3.errorEmailIsAlreadyRegistered' } });
  });
  it.each(['errorRegisterantNumberRegistered', 'errorRegisterantNumberRegistered2'])('puts %s at the number field', (message) => {
    expect(saveOutcome(result(409, { status: 'failed', message }))).toEqual({
      kind: 'fieldErrors',
      errors: { professionalRegistrationNumber: 'step3.errorRegistrantIdIsAlreadyRegistered' },
    });
  });
  it('maps 400 errors', () => {
    expect(saveOutcome(result(400, { status: 'failed', message: 'invalid', errors: { email: 'validation.email', n: 3 } }))).toEqual({
      kind: 'fieldErrors',
      errors: { email: 'validation.email' },
    });
  });
  it('shows the error view on a 5xx answer, even with a JSON body (spec §8)', () => {
    expect(saveOutcome(result(500, { status: 'failed', message: 'boom' }))).toEqual({ kind: 'errorView' });
    expect(saveOutcome(result(503, { status: 'failed', message: 'busy', errors: { email: 'validation.email' } }))).toEqual({ kind: 'errorView' });
  });
  it('tells the person what the operator must set when the site cannot e-mail links yet (503 noPublicAddress)', () => {
    expect(saveOutcome(result(503, { status: 'failed', message: 'errorsGlobal.noPublicAddress' }))).toEqual({
      kind: 'message',
      message: 'errorsGlobal.noPublicAddress',
    });
  });
  it('tells a rate-limited applicant to try again in a minute', () => {
    expect(saveOutcome(result(429, { status: 'failed', message: 'Too many requests' }))).toEqual({
      kind: 'message',
      message: 'errorsGlobal.tryAgainInAMinute',
    });
    expect(saveOutcome(result(429, null))).toEqual({ kind: 'message', message: 'errorsGlobal.tryAgainInAMinute' });
  });
  it('shows the temporarily-unavailable message for other failures', () => {
    expect(saveOutcome(result(200, { status: 'failed' }))).toEqual({ kind: 'message', message: 'errorsGlobal.temporarilyUnavailableService' });
  });
  it('shows the error view on an empty reply or a non-ok answer', () => {
    expect(saveOutcome(result(200, null))).toEqual({ kind: 'errorView' });
    expect(saveOutcome(result(502, { message: 'bad gateway' }))).toEqual({ kind: 'errorView' });
    expect(saveOutcome(null)).toEqual({ kind: 'errorView' });
  });
});

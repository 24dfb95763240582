// The reference is unique: a repeated draw is caught by the unique index and drawn again, and the
// save (its bot-check solution and its e-mail included) goes through once, with the new reference.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { ukApplication } from '../test/payloads.ts';
import { newApplicationReference, REFERENCE_PATTERN } from './application-reference.ts';

vi.mock('./application-reference.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./application-reference.ts')>();
  return { ...original, newApplicationReference: vi.fn(original.newApplicationReference) };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function submit(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
}

describe('application references', () => {
  it('looks like PC- and six unambiguous characters', async () => {
    const { newApplicationReference: original } = await vi.importActual<typeof import('./application-reference.ts')>('./application-reference.ts');
    for (let i = 0; i < 200; i++) expect(original()).toMatch(REFERENCE_PATTERN);
  });

  it('draws again when a reference is taken', async () => {
    vi.mocked(newApplicationReference).mockReturnValueOnce('PC-AAAAAA').mockReturnValueOnce('PC-AAAAAA').mockReturnValueOnce('PC-BBBBBB');
    const first = await submit(ukApplication());
    const secondPayload = ukApplication();
    const second = await submit(secondPayload);
    expect(first.json().data.reference).toBe('PC-AAAAAA');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.reference).toBe('PC-BBBBBB');
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, String(secondPayload.email)));
    expect(mails.map((mail) => mail.subject)).toEqual(['Pharmacy Champions: we have received your application (PC-BBBBBB)']);
  });
});

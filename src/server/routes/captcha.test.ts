import { createHmac } from 'node:crypto';
import { verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { solveCaptcha } from '../test/bot-check.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/captcha/challenge', () => {
  it('answers a signed, expiring ALTCHA challenge in the shape the widget reads', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge).toMatchObject({
      parameters: { algorithm: 'SHA-256', nonce: expect.any(String), salt: expect.any(String), keyPrefix: expect.any(String), cost: 1 },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const ttl = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(8 * 60);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
  });
});

describe('captcha service', () => {
  it('redeems a solution once, and refuses tampered ones', async () => {
    const token = await solveCaptcha(ctx.app);
    expect(await ctx.app.services.captcha.redeem(token)).toEqual({ ok: true });
    expect(await ctx.app.services.captcha.redeem(token)).toEqual({ ok: false, reason: 'reused' });

    const other = JSON.parse(Buffer.from(await solveCaptcha(ctx.app), 'base64').toString());
    other.challenge.parameters.expiresAt += 3600;
    expect(await ctx.app.services.captcha.redeem(Buffer.from(JSON.stringify(other)).toString('base64'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await ctx.app.services.captcha.redeem('%%%')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('purges used solutions once they have expired', async () => {
    await ctx.app.services.captcha.redeem(await solveCaptcha(ctx.app));
    expect(await ctx.app.services.captcha.purgeExpired(new Date())).toBe(0);
    expect(await ctx.app.services.captcha.purgeExpired(new Date(Date.now() + 11 * 60_000))).toBeGreaterThan(0);
  });

  it('agrees with altcha-lib verifySolution on valid, tampered and malformed solutions', async () => {
    const hmacKey = ctx.config.captcha.hmacKey!;
    const keySecret = createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');
    const decode = (token: string) =>
      JSON.parse(Buffer.from(token, 'base64').toString()) as {
        challenge: { parameters: Record<string, unknown>; signature: string };
        solution: Record<string, unknown>;
      };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const base = decode(await solveCaptcha(ctx.app));
    const variants: Array<[string, unknown]> = [
      ['valid', base],
      ['other key', { ...base, solution: { ...base.solution, derivedKey: 'ab'.repeat(32) } }],
      ['uppercase key', { ...base, solution: { ...base.solution, derivedKey: String(base.solution.derivedKey).toUpperCase() } }],
      ['counter as string', { ...base, solution: { ...base.solution, counter: String(base.solution.counter) } }],
      ['negative counter', { ...base, solution: { ...base.solution, counter: -1 } }],
      ['changed salt', { ...base, challenge: { ...base.challenge, parameters: { ...base.challenge.parameters, salt: 'ff' } } }],
      ['changed signature', { ...base, challenge: { ...base.challenge, signature: '0'.repeat(64) } }],
      ['expired', { ...base, challenge: { ...base.challenge, parameters: { ...base.challenge.parameters, expiresAt: 1 } } }],
    ];
    for (const [name, payload] of variants) {
      const p = payload as ReturnType<typeof decode>;
      const expected = await verifySolution({
        challenge: p.challenge as never,
        solution: p.solution as never,
        deriveKey,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySecret,
      });
      const ours = await ctx.app.services.captcha.verify(encode(payload));
      expect({ name, ok: ours.ok }).toEqual({ name, ok: expected.verified });
      if (!ours.ok && expected.expired) expect(ours.reason).toBe('expired');
    }
  });
});

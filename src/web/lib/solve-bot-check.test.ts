import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotCheckUnavailable, solveBotCheck } from './solve-bot-check.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('solveBotCheck', () => {
  it('fetches a challenge and returns a solution the server verifies, in the widget format', async () => {
    const secrets = { hmacSignatureSecret: 'signature-secret', hmacKeySignatureSecret: 'key-signature-secret' };
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 40,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      ...secrets,
    });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(challenge), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const token = await solveBotCheck();
    expect(fetchMock).toHaveBeenCalledWith('/api/captcha/challenge', expect.anything());
    const payload = JSON.parse(atob(token)) as Parameters<typeof verifySolution>[0];
    expect(payload.challenge).toEqual({ parameters: challenge.parameters, signature: challenge.signature });
    expect(await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secrets })).toMatchObject({ verified: true });
  });

  it('fails when no challenge can be had', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await expect(solveBotCheck()).rejects.toBeInstanceOf(BotCheckUnavailable);
  });
});

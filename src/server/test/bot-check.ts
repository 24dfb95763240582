// Bot-check tokens solved the way the browser widget solves them. The proof of work is the
// client's cost: the server only verifies one HMAC per token, so load tests and benchmarks lower
// the difficulty (CAPTCHA_MAX_NUMBER) to keep the load generator, not the server, from being the
// bottleneck.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { pool } from './pool.ts';

/** Solves one ALTCHA challenge and encodes the payload as the widget sends it in recaptchaToken. */
async function solveToToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** A solved token for an app under test (a challenge from GET /api/captcha/challenge, injected). */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  return solveToToken(response.json() as Challenge);
}

/** Fetches and solves `count` challenges from a listening server (GET /api/captcha/challenge). */
export async function solvedTokensFrom(baseUrl: string, count: number, concurrency = 16): Promise<string[]> {
  return pool(count, concurrency, async () => {
    const response = await fetch(`${baseUrl}/api/captcha/challenge`);
    if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
    return solveToToken((await response.json()) as Challenge);
  });
}

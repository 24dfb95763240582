// A bot-check solution computed in the background, for anonymous requests that carry one of their
// own without the visitor seeing a widget (DESIGN §6: the draft e-mail). Same proof of work and
// the same base64 payload as the ALTCHA widget, solved in its web worker. Load it lazily.
import { solveChallengeWorkers, type Challenge } from 'altcha/lib';
import ShaWorker from 'altcha/workers/sha?worker';
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from './api-client.ts';

/** Fetches a fresh challenge and solves it; resolves with the `recaptchaToken` value. */
export async function solveCaptcha(): Promise<string> {
  const { ok, body } = await callApi(Api.captchaChallenge);
  const challenge = body as unknown as Challenge | null;
  if (!ok || !challenge?.parameters || !challenge.signature) throw new Error('no bot-check challenge');
  const solution = await solveChallengeWorkers({ challenge, concurrency: 1, createWorker: () => new ShaWorker() });
  if (!solution) throw new Error('bot check not solved');
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

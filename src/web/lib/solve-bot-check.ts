// Solves a bot-check challenge in the background, without showing a widget, for an anonymous
// request that carries its own solution (the photo upload, the draft e-mail; DESIGN §6).
// Fetches a challenge from our server, solves the proof of work in a Web Worker (the widget's own
// SHA worker) and returns the payload in the widget's format, to send as `recaptchaToken`.
// altcha-lib and the worker are loaded only when a solution is first wanted.
import type { Challenge } from 'altcha-lib';
import * as Api from '#shared/api/endpoints.ts';

export class BotCheckUnavailable extends Error {
  constructor() {
    super('bot check could not be solved');
  }
}

export async function solveBotCheck(signal?: AbortSignal): Promise<string> {
  const response = await fetch(Api.captchaChallenge.path, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!response.ok) throw new BotCheckUnavailable();
  const challenge = (await response.json()) as Challenge;
  const { solveChallenge, solveChallengeWorkers } = await import('altcha-lib');
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const options = { challenge, controller };
  let solution;
  if (typeof Worker === 'function') {
    const { default: ShaWorker } = await import('altcha/workers/sha?worker');
    solution = await solveChallengeWorkers({ ...options, concurrency: 1, createWorker: () => new ShaWorker() });
  } else {
    // No workers (tests, very old browsers): the same work on the page, yielding as it goes.
    const { deriveKey } = await import('altcha-lib/algorithms/web/sha');
    solution = await solveChallenge({ ...options, deriveKey });
  }
  if (!solution) throw new BotCheckUnavailable();
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

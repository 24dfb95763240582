// Distinct, valid registrations for load tests and benchmarks, and bot-check tokens solved the
// way the browser widget solves them. The proof of work is the client's cost: the server only
// verifies one HMAC per token, so tests lower the difficulty (CAPTCHA_MAX_NUMBER) to keep the
// load generator, not the server, from being the bottleneck.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * A valid UK application. E-mail and place are unique per (run, index); the registration number
 * per index alone (3-7 digits), so runs sharing a database use disjoint index ranges.
 */
export function distinctApplication(run: string, index: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  if (!Number.isInteger(index) || index < 0 || index >= 8_999_999) throw new Error('index out of range for a 7-digit registration number');
  return {
    email: `load-${run}-${index}@bench.example.com`,
    firstName: 'Amelia',
    lastName: "O'Brien",
    professionalRegistrationNumber: String(1_000_000 + index),
    areYouLocum: index % 2 ? 'yes' : 'no',
    whereDidYouFindOutAboutUs: 'email',
    placeId: `bench:${run}:${index}`,
    lat: 53.4 + (index % 1000) / 10_000,
    lng: -2.99 - (index % 997) / 10_000,
    address: `${(index % 300) + 1} Bold Street, Liverpool L1 4DJ, United Kingdom`,
    whereYouWork: `Bench Pharmacy ${index}`,
    services: 'Flu jabs, blood pressure checks',
    anythingElseAboutYou: 'Ten years in community pharmacy.',
    haveYouCompleted: 'yes',
    additionalTrainingNotes: '',
    isChecked: true,
    agreementCheck1: true,
    agreementCheck2: true,
    agreementCheck3: true,
    agreementCheck4: true,
    agreementCheck5: true,
    appStoreCountry: 'uk',
    formLanguage: 'en',
    ...overrides,
  };
}

/** Solves one ALTCHA challenge and encodes the payload as the widget sends it in recaptchaToken. */
export async function solveToToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** Fetches and solves `count` challenges from a listening server (GET /api/captcha/challenge). */
export async function solvedTokensFrom(baseUrl: string, count: number, concurrency = 16): Promise<string[]> {
  const tokens: string[] = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${baseUrl}/api/captcha/challenge`);
      if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
      tokens[i] = await solveToToken((await response.json()) as Challenge);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return tokens;
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight. */
export async function pool<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** The p-th percentile (0..100) of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

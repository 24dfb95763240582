// Load with nothing lost, test-sized (the full 5,000 at 64 clients runs in `npm run bench`):
// a real listening server on 127.0.0.1 over the test context's database (PGlite in memory, or
// PostgreSQL with TEST_DB=postgres), many clients at once, then the stored rows are counted.
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { freePort } from '../server-process.ts';
import { solveCaptcha } from '../bot-check.ts';
import { validApplication } from '../payloads.ts';
import { pool } from '../pool.ts';

let ctx: TestContext;
let base: string;

beforeAll(async () => {
  // 64 and 200 clients, all from 127.0.0.1: no per-client connection cap.
  ctx = await createTestContext({ maxConnectionsPerClient: 0 });
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      await ctx.app.listen({ port, host: '127.0.0.1' });
      base = `http://127.0.0.1:${port}`;
      break;
    } catch (error) {
      if (attempt > 3) throw error;
    }
  }
});

afterAll(async () => {
  await ctx?.close();
});

const post = async (body: unknown) => {
  const response = await fetch(`${base}/api/save-pharmacist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { status: string; data?: { id: string } } };
};

async function stored(prefix: string) {
  const [row] = await ctx.database.db
    .select({
      rows: sql<number>`count(*)::int`,
      emails: sql<number>`count(distinct ${applications.emailNormalized})::int`,
      numbers: sql<number>`count(distinct ${applications.registrationNumber})::int`,
    })
    .from(applications)
    .where(like(applications.emailNormalized, `${prefix.toLowerCase()}%`));
  return row!;
}

describe('POST /api/save-pharmacist under load', () => {
  it('stores exactly 500 distinct registrations sent by 64 clients at once, with no 5xx', async () => {
    const count = 500;
    const tokens = await Promise.all(Array.from({ length: count }, () => solveCaptcha(ctx.app)));
    const answers = await pool(count, 64, (i) =>
      post(validApplication({ country: 'uk', distinct: { run: 'test', index: 800_000 + i } }, { recaptchaToken: tokens[i] })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(count);
    const ids = answers.map((a) => a.json.data?.id);
    expect(new Set(ids).size).toBe(count);
    expect(await stored('load-test-')).toEqual({ rows: count, emails: count, numbers: count });
  }, 120_000);

  it('stores exactly one application when 200 clients send the same e-mail at once', async () => {
    const tokens = await Promise.all(Array.from({ length: 200 }, () => solveCaptcha(ctx.app)));
    const email = 'load-same-one@bench.example.com';
    // Different registration numbers, letter case of the e-mail varies: only the e-mail collides.
    const answers = await pool(200, 200, (i) =>
      post(
        validApplication(
          { country: 'uk', distinct: { run: 'same', index: 850_000 + i } },
          { recaptchaToken: tokens[i], email: i % 2 ? email : email.toUpperCase() },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect(await stored('load-same-one')).toEqual({ rows: 1, emails: 1, numbers: 1 });
  }, 120_000);
});

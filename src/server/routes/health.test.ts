import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('health and readiness', () => {
  it('/healthz and /readyz answer 200 while the server takes requests', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ status: 'ok' });
    }
  });

  it('/readyz says the release, the last migration it knows, and that none is pending or newer', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const journal = JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: Array<{ tag: string }> };
    const ready = (await ctx.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready).toEqual({ status: 'ok', version, schema: { migration: journal.entries.at(-1)!.tag, pending: 0, newer: 0 } });
  });

  it('/readyz counts a migration applied by a newer release', async () => {
    await ctx.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${Date.now() + 86_400_000})`);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json().schema).toMatchObject({ pending: 0, newer: 1 });
    } finally {
      await ctx.database.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`);
    }
  });

  it('/readyz answers 503 once shutdown has begun, while /healthz still says the process lives', async () => {
    ctx.app.services.lifecycle.draining = true;
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      ctx.app.services.lifecycle.draining = false;
    }
  });
});

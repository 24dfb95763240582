// Issue 37 item 3: behind a proxy with a real host name and neither PUBLIC_URL nor MARKET_HOSTS,
// a request that must e-mail a link is told what the operator must set; the log says it once and
// /readyz keeps saying it. Local hosts keep working with no setting at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { memoryLog } from '../test/log.ts';
import { mailsTo } from '../test/mail.ts';
import { addStaff } from '../test/staff.ts';

const log = memoryLog();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: null, marketHosts: new Map() }, { logger: { level: 'info', stream: log.stream } });
});
afterAll(async () => {
  await ctx?.close();
});

const askForLink = (email: string, host: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/magic-link', headers: { host, 'content-type': 'application/json' }, payload: { email, basePath: '/it' } });

describe('a site without a public address', () => {
  it('signs staff in on localhost and its own port with no setting', async () => {
    const user = await addStaff(ctx, 'reviewer', { language: 'en' });
    expect((await askForLink(user.email, 'localhost:3000')).statusCode).toBe(200);
    await ctx.app.services.auth.settled();
    expect(mailsTo(ctx.config.mail.dir, user.email)[0]).toMatch(/http:\/\/localhost:3000\/it\/signin\/verify\?token=/);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json().detail).toBeUndefined();
  });

  it('tells a sign-in request for a real host name what the operator must set, logs it once, and /readyz reports it', async () => {
    const user = await addStaff(ctx, 'reviewer', { language: 'en' });
    for (let i = 0; i < 2; i++) {
      const answer = await askForLink(user.email, 'champions.example.org');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'failed', message: 'errorsGlobal.noPublicAddress' });
    }
    await ctx.app.services.auth.settled();
    expect(mailsTo(ctx.config.mail.dir, user.email)).toHaveLength(0);
    const lines = log
      .text()
      .split('\n')
      .filter((line) => line.includes('set PUBLIC_URL'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('champions.example.org');
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().detail.publicAddress).toMatch(/champions\.example\.org.*set PUBLIC_URL/);
  });
});

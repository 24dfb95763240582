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
      expect(response.json()).toEqual({ status: 'ok' });
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

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { createTestContext, fixtureWebDist, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  const webDist = fixtureWebDist(testConfig().dataDir);
  mkdirSync(path.join(webDist, '.vite'), { recursive: true });
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(webDist, 'assets', '.secret'), 'not for visitors');
  ctx = await createTestContext({ webDist });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the built web app', () => {
  it('serves no file or folder whose name starts with a dot, however the path is written', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/assets/.secret', '/%2evite/manifest.json', '/assets/../.vite/manifest.json', '/.git/config', '/.env']) {
      for (const accept of ['*/*', 'text/html', 'application/json']) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: { accept } });
        expect(response.statusCode, `${url} (${accept})`).toBe(404);
        expect(response.body).not.toContain('{}');
        expect(response.json()).toMatchObject({ status: 'failed' });
      }
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).statusCode).toBe(200);
  });

  it('lets pages use the camera of this site, and nothing else powerful', async () => {
    for (const url of ['/', '/assets/main-abc123.js', '/api/auth/me']) {
      const policy = (await ctx.app.inject({ method: 'GET', url })).headers['permissions-policy'];
      expect(policy, url).toContain('camera=(self)');
      for (const feature of ['geolocation', 'microphone', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    }
  });
});

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

  it('lets pages use the camera and the position (the finder) of this site, and nothing else powerful', async () => {
    for (const url of ['/', '/assets/main-abc123.js', '/api/auth/me']) {
      const policy = (await ctx.app.inject({ method: 'GET', url })).headers['permissions-policy'];
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('geolocation=(self)');
      for (const feature of ['microphone', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    }
  });
});

describe('page routes and not found', () => {
  const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url, headers: { accept: '*/*' } });

  it('answers the routes of each market with the app (200)', async () => {
    const routes = [
      '/uk',
      '/uk/form',
      '/uk/thank-you',
      '/uk/privacy-policy',
      '/uk/terms-and-conditions?lang=de',
      '/uk/pharmacist/edit/0b6f1c0e-4a8e-4a8e-9c1e-6a1f0b6f1c0e',
      '/uk/form/2?lang=it',
      '/it/form',
      '/it/privacy-policy?lang=en',
      '/de/form/1',
      '/de/datenschutz',
      '/de/nutzungsbedingungen?lang=en',
      '/de/impressum?lang=it',
      '/it/signin',
      '/it/signin/verify?token=x',
      '/it/areamanager/mainadmin',
      '/it/areamanager/home/0b6f1c0e-4a8e-4a8e-9c1e-6a1f0b6f1c0e',
      '/uk/admin/review',
      '/it/rep/home/0b6f1c0e-4a8e-4a8e-9c1e-6a1f0b6f1c0e',
    ];
    for (const url of routes) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });

  it('answers an unknown route with the app (its not-found view) and status 404, for GET and HEAD', async () => {
    for (const url of ['/uk/nothing-here', '/nothing-here', '/de/form/4', '/uk/thank-you/more', '/it/areamanager/home']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('id="site-config"');
      expect((await page(url, 'HEAD')).statusCode, `HEAD ${url}`).toBe(404);
    }
  });

  it("gives legal routes only in the shells the specification gives them", async () => {
    for (const url of ['/uk/datenschutz', '/it/impressum?lang=de', '/uk/nutzungsbedingungen', '/de/privacy-policy', '/de/terms-and-conditions?lang=en']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });
});

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
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  ctx = await createTestContext({ webDist });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the built web app', () => {
  it('serves no file or folder whose name starts with a dot, however the path is written', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/',
      '/assets/.secret',
      '/%2evite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/.git/config',
      '/.env',
    ]) {
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

  it('serves the status page of every market, kept out of search engines like the data page', async () => {
    for (const url of [
      '/uk/my-application/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
      '/it/my-application/AbCdEfGhIjKlMnOpQrStUvWxYz012345?lang=en',
      '/de/my-application/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
      '/de/my-data/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
    }
    expect((await page('/uk/form')).headers['x-robots-tag']).toBeUndefined();
  });

  it('gives legal routes only in the shells the specification gives them', async () => {
    for (const url of ['/uk/datenschutz', '/it/impressum?lang=de', '/uk/nutzungsbedingungen', '/de/privacy-policy', '/de/terms-and-conditions?lang=en']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });
});

describe('the rep’s installable app (issue 24 item 2)', () => {
  it('serves a manifest per market and language, starting at the market’s sign-in, with its icons', async () => {
    const italian = await ctx.app.inject({ method: 'GET', url: '/it/manifest.webmanifest' });
    expect(italian.statusCode).toBe(200);
    expect(italian.headers['content-type']).toContain('application/manifest+json');
    expect(italian.json()).toMatchObject({ lang: 'it', start_url: '/it/signin', scope: '/it/', display: 'standalone', short_name: 'Visite' });
    expect(italian.json().icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512', 'any']);
    const english = await ctx.app.inject({ method: 'GET', url: '/it/manifest.webmanifest?lang=en' });
    expect(english.json()).toMatchObject({ lang: 'en', start_url: '/it/signin?lang=en', short_name: 'Field visits' });
  });

  it('names the manifest on the rep’s pages only', async () => {
    const rep = await ctx.app.inject({ method: 'GET', url: '/it/rep/home/0b6f1c0e-4a8e-4a8e-9c1e-6a1f0b6f1c0e', headers: { accept: 'text/html' } });
    expect(rep.body).toContain('<link rel="manifest" href="/it/manifest.webmanifest">');
    const landing = await ctx.app.inject({ method: 'GET', url: '/it/', headers: { accept: 'text/html' } });
    expect(landing.body).not.toContain('rel="manifest"');
  });

  it('serves the service worker so that a new build is found on the next visit', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});

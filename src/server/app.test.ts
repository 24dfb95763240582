import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarketHosts } from '#shared/markets.ts';
import { contentSecurityPolicy, tileSource } from './app.ts';
import { testConfig } from './config.ts';
import { retentionPeriods } from './privacy/record.ts';
import { renderIndex } from './routes/web.ts';
import { createTestContext, fixtureWebDist, type TestContext } from './test/context.ts';

function siteConfigOf(html: string) {
  const match = /<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no site-config block');
  return JSON.parse(match[1]!);
}

describe('the web app pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const probe = testConfig();
    ctx = await createTestContext({
      webDist: fixtureWebDist(probe.dataDir),
      marketHosts: parseMarketHosts('de=champions.example.de,it=campioni.example.it'),
      mapTilesUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      mapAttribution: '© Example contributors',
      courseUrls: { uk: '', it: 'https://corsi.example.it/oncodemia', de: 'https://fortbildung.example.de/onkologie' },
      productName: 'Pharmacy Champions',
      retentionRejectedMonths: 18,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('fills in lang, title and site config for a path market', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/it/form', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="it-IT">');
    expect(response.body).toContain('<title>Pharmacy Champions Italia</title>');
    expect(response.body).not.toContain('<!--site-config-->');
    expect(siteConfigOf(response.body)).toEqual({
      productName: 'Pharmacy Champions',
      country: 'it',
      language: 'it',
      basePath: '/it',
      operator: expect.objectContaining({
        company: expect.any(String),
        supportEmail: expect.any(String),
        dpoEmail: expect.any(String),
        vatNumber: expect.any(String),
      }),
      mapTilesUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      mapAttribution: '© Example contributors',
      courseUrl: 'https://corsi.example.it/oncodemia',
      // The periods the privacy texts state come from the settings (issue 42 item 4).
      retention: {
        RETENTION_REJECTED_MONTHS: 18,
        FIELD_CONFIRMATION_DAYS: 30,
        FINDER_FEED_DAYS: 90,
        STAFF_ABSOLUTE_HOURS: 12,
        RETENTION_ACCESS_LOG_MONTHS: 24,
      },
    });
  });

  it('takes the market from the host name, and the language from ?lang=', async () => {
    const de = await ctx.app.inject({ method: 'GET', url: '/form/1', headers: { host: 'champions.example.de:3000', accept: 'text/html' } });
    expect(de.body).toContain('<html lang="de-DE">');
    expect(de.body).toContain('<title>Pharmacy Champions Registrierung</title>');
    expect(siteConfigOf(de.body)).toMatchObject({ country: 'de', language: 'de', basePath: '', courseUrl: 'https://fortbildung.example.de/onkologie' });

    const deInEnglish = await ctx.app.inject({ method: 'GET', url: '/?lang=en', headers: { host: 'champions.example.de' } });
    expect(deInEnglish.body).toContain('<html lang="en-GB">');
    expect(siteConfigOf(deInEnglish.body)).toMatchObject({ country: 'de', language: 'en' });

    const uk = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(uk.body).toContain('<title>Pharmacy Champions Registration</title>');
    expect(siteConfigOf(uk.body)).toMatchObject({ country: 'uk', language: 'en', basePath: '', courseUrl: '' });
  });

  it('escapes "<" in the data block so it cannot close the script', () => {
    const config = testConfig();
    const html = renderIndex('<html lang="en"><head><title>x</title><!--site-config--></head></html>', {
      productName: '</script><script>alert(1)</script>',
      country: 'uk',
      language: 'en',
      basePath: '',
      operator: config.operator,
      mapTilesUrl: '',
      mapAttribution: '',
      courseUrl: '',
      retention: retentionPeriods(config),
    });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Registration</title>');
    expect(siteConfigOf(html).productName).toBe('</script><script>alert(1)</script>');
  });

  it('serves hashed assets with a long cache, and never the raw index.html', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const raw = await ctx.app.inject({ method: 'GET', url: '/index.html', headers: { accept: 'text/html' } });
    expect(raw.body).not.toContain('<!--site-config-->');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/nope.js', headers: { accept: 'application/javascript' } });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uk', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.example.org");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API edges', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers GET /healthz', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api and /files paths with 404 JSON, even for browsers', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/files/nope'],
      ['DELETE', '/api/save-pharmacist'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', message: 'not found' });
    }
  });

  it('answers page routes with 503 and a hint when the web app is not built', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uk/form', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('limits public POSTs per address', async () => {
    const limited = await createTestContext({ rateLimitMax: 3 });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/check_pharmacy', payload: { placeId: 'x' } })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const last = await limited.app.inject({ method: 'POST', url: '/api/check_pharmacy', payload: { placeId: 'x' } });
      expect(last.json()).toEqual({ status: 'failed', message: 'tooManyRequests' });
    } finally {
      await limited.close();
    }
  });
});

describe('content security policy', () => {
  it('adds the tile host to img-src only, and HSTS-related upgrades only in production', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('')).toBeNull();
    const dev = contentSecurityPolicy(testConfig({ mapTilesUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' }));
    expect(dev.directives.imgSrc).toContain('https://tiles.example.com');
    expect(dev.directives.connectSrc).toEqual(["'self'"]);
    expect(dev.directives).not.toHaveProperty('upgradeInsecureRequests');
    expect(contentSecurityPolicy(testConfig({ production: true })).directives).toHaveProperty('upgradeInsecureRequests');
  });
});

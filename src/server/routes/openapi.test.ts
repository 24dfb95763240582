import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_KINDS, PROBLEM_SLUGS } from '#shared/schemas/problem.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /api/v1/openapi.json', () => {
  it('answers the generated OpenAPI 3.1 document with an ETag, and 304 to a conditional request', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const etag = String(response.headers.etag);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is sent compressed when the client allows it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
  });
});

describe('GET /api/v1/problems/{slug}', () => {
  it('describes every problem type the API answers with, so that each type URI resolves', async () => {
    for (const slug of PROBLEM_SLUGS) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/problems/${slug}` });
      expect(response.statusCode, slug).toBe(200);
      expect(response.json()).toEqual({
        type: `/api/v1/problems/${slug}`,
        status: PROBLEM_KINDS[slug].status,
        title: expect.any(String),
        detail: expect.any(String),
      });
    }
    const german = await ctx.app.inject({ method: 'GET', url: '/api/v1/problems/cursor-expired?lang=de' });
    expect(german.headers['content-language']).toBe('de');
  });

  it('answers an unknown type 404 as problem details', async () => {
    for (const slug of ['nope', '__proto__', 'constructor']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/problems/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ type: '/api/v1/problems/not-found', status: 404 });
    }
  });
});

describe('GET /api/v1/docs', () => {
  it('serves the reference page and its assets from our own server, under our CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const urls = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    const types: Record<string, string> = {
      js: 'text/javascript; charset=utf-8',
      css: 'text/css; charset=utf-8',
      png: 'image/png',
      json: 'application/json; charset=utf-8',
    };
    for (const url of urls) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe(types[url.split('.').pop()!]);
    }
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/docs/assets/swagger-ui-bundle.js',
        '/api/v1/docs/assets/swagger-ui.css',
        '/api/v1/docs/assets/docs.js',
        '/api/v1/openapi.json',
      ]),
    );
    const script = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/assets/docs.js' });
    expect(script.body).toContain("url: '/api/v1/openapi.json'");
    expect(script.body).toContain('validatorUrl: null');
  });

  it('sends the bundle compressed and revalidates it by ETag', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/assets/swagger-ui-bundle.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(600_000);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/docs/assets/swagger-ui-bundle.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves no other file of the package', async () => {
    for (const file of [
      'package.json',
      'index.html',
      '..%2Fpackage.json',
      'swagger-initializer.js',
      'oauth2-redirect.html',
      '__proto__',
      'constructor',
      'toString',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/docs/assets/${file}` })).statusCode, file).toBe(404);
    }
  });
});

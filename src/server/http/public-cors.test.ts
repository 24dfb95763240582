// CORS for the public API (issue 38 item 4): GET and its preflight from any origin, no credentials;
// no CORS header on any other route.
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { createTestContext, fixtureWebDist, type TestContext } from '../test/context.ts';
import { allowPublicApiFromAnyOrigin, CORS_MAX_AGE_SECONDS } from './public-cors.ts';

const ORIGIN = 'https://patient-app.example.net';

const listOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

const corsHeadersOf = (response: LightMyRequestResponse) => Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));

function expectPreflight(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(204);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(listOf(response.headers['access-control-allow-methods'])).toEqual(expect.arrayContaining(['get', 'head']));
  expect(listOf(response.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(['x-api-key', 'if-none-match']));
  expect(Number(response.headers['access-control-max-age'])).toBe(CORS_MAX_AGE_SECONDS);
  expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  expect(response.body).toBe('');
}

const preflight = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key, if-none-match', ...headers },
  });

describe('allowPublicApiFromAnyOrigin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    allowPublicApiFromAnyOrigin(app);
    app.get('/api/v1/things', { config: { publicApi: true } }, async (_request, reply) => reply.header('etag', '"v1"').send({ data: [] }));
    app.get('/api/v1/things/:id', { config: { publicApi: true } }, async (_request, reply) => reply.code(404).send({ status: 404 }));
    await app.register(
      async (child) => {
        child.get('/nested', { config: { publicApi: true } }, async () => ({ ok: true }));
      },
      { prefix: '/api/v1/inside' },
    );
    app.get('/api/private', async () => ({ ok: true }));
    app.post('/api/v1/things', { config: { publicApi: true } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a preflight from any origin for each public GET route, with its parameters and a prefix', async () => {
    expectPreflight(await preflight(app, '/api/v1/things'));
    expectPreflight(await preflight(app, '/api/v1/things/42?lat=1'));
    expectPreflight(await preflight(app, '/api/v1/inside/nested', { origin: 'null' }));
  });

  it('lets any origin read a public answer and its headers, errors too, never with credentials', async () => {
    for (const url of ['/api/v1/things', '/api/v1/things/42']) {
      const response = await app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie: 'a=b' } });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(listOf(response.headers['access-control-expose-headers'])).toEqual(
        expect.arrayContaining(['etag', 'retry-after', 'ratelimit', 'ratelimit-policy', 'deprecation', 'sunset', 'link', 'content-language']),
      );
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('gives no CORS header to a route that is not public, and no preflight to it or to a public write', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/private', headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(corsHeadersOf(response)).toEqual([]);
    expect((await preflight(app, '/api/private')).statusCode).toBe(404);
    // The POST shares the GET's path: the preflight is the GET's, which allows no POST.
    expect(listOf((await preflight(app, '/api/v1/things', { 'access-control-request-method': 'POST' })).headers['access-control-allow-methods'])).not.toContain(
      'post',
    );
  });
});

describe('the app: CORS on the public API only', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ webDist: fixtureWebDist(testConfig().dataDir) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers the finder's preflight from any origin", async () => {
    expectPreflight(await preflight(ctx.app, '/api/v1/finder/pharmacies?market=uk&lat=51.5&lng=-0.1'));
    expectPreflight(await preflight(ctx.app, '/api/v1/finder/listings/5b0c1a43-5d1b-4a4f-9a52-1d1f0e5d2b7e'));
    expectPreflight(await preflight(ctx.app, '/api/v1/finder/search?market=uk&lat=51.5&lng=-0.1'));
    expectPreflight(await preflight(ctx.app, '/api/v1/finder/snapshot?market=uk'));
    expectPreflight(await preflight(ctx.app, '/api/v1/openapi.json'));
  });

  it('lets any origin read the OpenAPI document and the snapshot', async () => {
    for (const url of ['/api/v1/openapi.json', '/api/v1/finder/snapshot?market=uk']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('lets any origin read the finder, its refusals too, without credentials', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=51.5&lng=-0.1', headers: { origin: ORIGIN } }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=951&lng=-0.1', headers: { origin: ORIGIN } }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/listings/5b0c1a43-5d1b-4a4f-9a52-1d1f0e5d2b7e', headers: { origin: ORIGIN } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 404]);
    for (const response of answers) {
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('sends no CORS header on forms, staff routes, pages or health checks, and answers no preflight there', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/captcha/challenge' },
      { method: 'POST' as const, url: '/api/save-pharmacist', payload: {} },
      { method: 'GET' as const, url: '/api/review/applications' },
      { method: 'GET' as const, url: '/api/places/search?q=London&market=uk' },
      { method: 'GET' as const, url: '/uk/finder', headers: { accept: 'text/html' } },
      { method: 'GET' as const, url: '/healthz' },
      { method: 'GET' as const, url: '/api/v1/finder/no-such-thing' },
    ];
    for (const request of requests) {
      const response = await ctx.app.inject({ ...request, headers: { origin: ORIGIN, ...('headers' in request ? request.headers : {}) } });
      expect(corsHeadersOf(response), request.url).toEqual([]);
      expect(response.headers['cross-origin-resource-policy'], request.url).toBe('same-origin');
    }
    for (const url of ['/api/save-pharmacist', '/api/review/applications', '/api/auth/magic-link']) {
      const response = await preflight(ctx.app, url, { 'access-control-request-method': 'POST' });
      expect(response.statusCode, url).toBe(404);
      expect(corsHeadersOf(response), url).toEqual([]);
    }
  });
});

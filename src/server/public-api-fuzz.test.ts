// Requests generated from the committed OpenAPI document's own parameter schemas (issue 38 item 9,
// docs/decisions/0056): for every public operation, fast-check draws each parameter from its
// schema (an enum's values, strings matching its pattern, numbers in and out of the ranges the
// descriptions give) or against it (any text, too long, random cursors and ids), leaves required
// ones out, adds parameters the document does not know and a random If-None-Match or X-Api-Key.
// Every answer: no 5xx, a status the document lists for the operation, and each problem answer
// application/problem+json matching the document's Problem schema.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from './services/finder-feed.ts';
import { createTestContext, type TestContext } from './test/context.ts';
import { insertListings, listingIdsOf } from './test/listings.ts';
import { PUBLIC_API_DOCUMENT } from './test/public-api-server.ts';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
}
interface Parameter {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
}

const document = JSON.parse(readFileSync(PUBLIC_API_DOCUMENT, 'utf8')) as {
  paths: Record<string, { get: Operation }>;
  components: Record<string, Record<string, unknown>>;
};

function resolve<T>(node: T & { $ref?: string }): T {
  if (!node.$ref) return node;
  const [, , section, name] = node.$ref.split('/') as [string, string, string, string];
  return resolve(document.components[section]![name] as T & { $ref?: string });
}

/** What is wrong with `value` by `schema` (the keywords this document uses), or [] when nothing. */
function violations(value: unknown, schema: Schema, at = '$'): string[] {
  const s = resolve(schema);
  if (s.oneOf) {
    const matching = s.oneOf.filter((option) => violations(value, option, at).length === 0).length;
    return matching === 1 ? [] : [`${at}: matches ${matching} of oneOf`];
  }
  if (s.const !== undefined && value !== s.const) return [`${at}: not ${String(s.const)}`];
  if (s.enum && !s.enum.includes(value)) return [`${at}: not one of ${s.enum.join(', ')}`];
  const types = s.type === undefined ? [] : [s.type].flat();
  const typeOf = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length && !types.some((t) => t === typeOf || (t === 'number' && typeOf === 'integer'))) return [`${at}: ${typeOf}, not ${types.join('|')}`];
  if (typeof value === 'string' && s.pattern && !new RegExp(s.pattern, 'u').test(value)) return [`${at}: does not match ${s.pattern}`];
  if (Array.isArray(value) && s.items) return value.flatMap((item, i) => violations(item, s.items!, `${at}[${i}]`));
  if (typeOf === 'object' && (s.properties || s.required)) {
    const object = value as Record<string, unknown>;
    const missing = (s.required ?? []).filter((key) => !(key in object)).map((key) => `${at}.${key}: missing`);
    return [...missing, ...Object.entries(s.properties ?? {}).flatMap(([key, sub]) => (key in object ? violations(object[key], sub, `${at}.${key}`) : []))];
  }
  return [];
}

const PROBLEM = { $ref: '#/components/schemas/Problem' };

/**
 * Fastify's maxParamLength (100): a longer path parameter is a malformed URL to the router, which
 * app.ts's frameworkErrors answers 400 in the site's JSON shape (`{status:'failed'}`), not as a
 * problem. A known mismatch with the document, reported for the server to fix (decision 0056); the
 * test below fails once the server answers a problem there, so that this exception goes.
 */
const MAX_PARAM_LENGTH = 100;

/** The range a parameter's description states ("From 1 to 50."): numbers travel as text, so the schema holds a pattern only. */
function rangeOf(parameter: Parameter): [number, number] | null {
  const found = /From (-?\d+(?:\.\d+)?) to (-?\d+(?:\.\d+)?)/.exec(parameter.description ?? '');
  return found ? [Number(found[1]), Number(found[2])] : null;
}

let ctx: TestContext;
let listingIds: string[];
let cursors: string[];

/** A value the document allows for a parameter (an enum's value, a number in its range, a cursor the server gave). */
function validValueOf(parameter: Parameter): fc.Arbitrary<string> {
  const schema = resolve(parameter.schema);
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (parameter.name === 'cursor' || parameter.name === 'since') return fc.constantFrom(...cursors);
  if (parameter.name === 'listingId') return fc.constantFrom(...listingIds);
  const range = rangeOf(parameter);
  if (range) {
    const whole = schema.pattern === '^\\d{1,4}$';
    const [min, max] = range;
    return whole
      ? fc.integer({ min, max }).map(String)
      : fc.tuple(fc.double({ min, max, noNaN: true }), fc.integer({ min: 0, max: 6 })).map(([n, digits]) => n.toFixed(digits).replace(/^-(0(\.0*)?)$/, '$1'));
  }
  return fc.oneof(fc.constantFrom('', 'flu', 'Wig'), fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 20) }));
}

/** A value for a parameter: drawn from its schema, or against it. */
function valueOf(parameter: Parameter): fc.Arbitrary<string> {
  const schema = resolve(parameter.schema);
  const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });
  const options: fc.Arbitrary<string>[] = [anyText, fc.string({ minLength: 500, maxLength: 700 })];
  if (schema.enum) options.push(fc.constantFrom(...schema.enum.map(String)), fc.constantFrom(...schema.enum.map(String)));
  if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
  const range = rangeOf(parameter);
  if (range) {
    const [min, max] = range;
    const number = fc.oneof(
      fc.double({ min, max, noNaN: true }),
      fc.double({ min: min - 2 * (max - min), max: max + 2 * (max - min), noNaN: true }),
      fc.integer({ min: min - 10, max: max + 10 }),
    );
    options.push(
      fc.tuple(number, fc.integer({ min: 0, max: 14 })).map(([n, digits]) => n.toFixed(digits)),
      number.map(String),
    );
  }
  if (parameter.name === 'cursor' || parameter.name === 'since') {
    options.push(
      fc.constantFrom(...cursors),
      fc.base64String({ maxLength: 80 }).map((text) => text.replace(/[+/=]/g, '')),
    );
    options.push(fc.record({ market: fc.constantFrom('uk', 'it', 'de' as const), epoch: fc.uuid(), seq: fc.nat() }).map((cursor) => encodeCursor(cursor)));
  }
  if (parameter.name === 'listingId') options.push(fc.constantFrom(...listingIds), fc.uuid());
  if (schema.maxLength) options.push(fc.string({ minLength: schema.maxLength, maxLength: schema.maxLength + 2 }));
  return fc.oneof(...options);
}

/** A request for an operation: its parameters (some left out), unknown ones, and headers. */
function requestOf(pathTemplate: string, operation: Operation) {
  const parameters = (operation.parameters ?? []).map((p) => resolve(p));
  const query = parameters.filter((p) => p.in === 'query');
  const inPath = parameters.filter((p) => p.in === 'path');
  // Half the requests keep to the document (every required parameter, the others sometimes, each
  // valid), half go against it anywhere; neither knows the other's parameters are special.
  const valid = fc.record({
    path: fc.record(Object.fromEntries(inPath.map((p) => [p.name, validValueOf(p)]))),
    query: fc.record(Object.fromEntries(query.map((p) => [p.name, validValueOf(p)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) }),
  });
  const hostile = fc.record({
    path: fc.record(Object.fromEntries(inPath.map((p) => [p.name, valueOf(p)]))),
    query: fc.record(Object.fromEntries(query.map((p) => [p.name, valueOf(p)])), { requiredKeys: [] }),
  });
  const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
  return fc
    .record({
      parameters: fc.oneof(valid, hostile),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
      ifNoneMatch: rarely(fc.oneof(fc.string({ maxLength: 60 }), fc.constant('*'), fc.constant('W/"x"'))),
      apiKey: rarely(fc.oneof(fc.string({ maxLength: 60 }), fc.constant(`pc_${'A'.repeat(43)}`))),
    })
    .map(({ parameters: { path, query: values }, ...rest }) => ({ path, values, ...rest }))
    .map(({ path, values, extra, ifNoneMatch, apiKey }) => {
      const url = pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
      const search = new URLSearchParams({ ...extra, ...(values as Record<string, string>) });
      const headers: Record<string, string> = {};
      // Header values must be visible ASCII (Node refuses others before sending).
      if (ifNoneMatch !== null && /^[\x20-\x7e]*$/.test(ifNoneMatch)) headers['if-none-match'] = ifNoneMatch;
      if (apiKey !== null && /^[\x21-\x7e]+$/.test(apiKey)) headers['x-api-key'] = apiKey;
      return { url: `${url}?${search}`, headers };
    });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const seeds = Array.from({ length: 30 }, (_, i) => ({
    country: (['uk', 'it', 'de'] as const)[i % 3]!,
    lat: 45 + (i % 10) * 0.5,
    lng: 1 + Math.floor(i / 10) * 0.5,
    services: i % 2 ? 'Wig fitting' : 'Flu jabs',
  }));
  listingIds = await listingIdsOf(ctx.database.db, await insertListings(ctx.database.db, seeds));
  const snapshot = await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/snapshot?market=uk' });
  const search = await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/search?market=it&lat=45&lng=1&radiusKm=100&limit=1' });
  cursors = [snapshot.json().cursor, search.json().next].filter((cursor): cursor is string => typeof cursor === 'string');
  expect(cursors).toHaveLength(2);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const operations = Object.entries(document.paths).filter(([, item]) => item.get);

describe('public API requests generated from the OpenAPI document', () => {
  it('covers every operation of the document', () => {
    expect(operations.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/api/v1/finder/search',
        '/api/v1/finder/snapshot',
        '/api/v1/finder/changes',
        '/api/v1/finder/listings/{listingId}',
        '/api/v1/finder/pharmacies',
      ]),
    );
  });

  it.each(operations)(
    'GET %s: no 5xx, only documented statuses, problems as documented',
    async (pathTemplate, item) => {
      const operation = item.get;
      const documented = Object.keys(operation.responses);
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(requestOf(pathTemplate, operation), async ({ url, headers }) => {
          const response = await ctx.app.inject({ method: 'GET', url, headers });
          seen.add(response.statusCode);
          const report = `GET ${url} ${JSON.stringify(headers)} -> ${response.statusCode} ${response.headers['content-type'] ?? ''} ${response.body.slice(0, 500)}`;
          expect(response.statusCode, report).toBeLessThan(500);
          expect(documented, report).toContain(String(response.statusCode));
          const answer = resolve(operation.responses[String(response.statusCode)]!);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type'], report).toMatch(/^application\/problem\+json/);
            const problem = response.json();
            expect(violations(problem, PROBLEM), report).toEqual([]);
            expect(problem.status, report).toBe(response.statusCode);
          } else if (response.statusCode === 200 && answer.content?.['application/json']) {
            expect(violations(response.json(), answer.content['application/json'].schema), report).toEqual([]);
          }
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
      );
      // The generator reaches both sides: answers, and refusals where the operation has any.
      expect([...seen], 'no 200 among the generated requests').toContain(200);
      if (documented.includes('400')) expect([...seen], 'no 400 among the generated requests').toContain(400);
    },
    60_000,
  );

  it('answers a path the router refuses (a parameter over 100 characters, a broken escape) with problem details too', async () => {
    for (const url of [
      `/api/v1/finder/listings/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`,
      '/api/v1/finder/listings/%ZZ',
      `/api/v1/problems/${'b'.repeat(MAX_PARAM_LENGTH + 1)}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(violations(response.json(), PROBLEM), url).toEqual([]);
    }
  });
});

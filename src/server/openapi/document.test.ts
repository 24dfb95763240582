import { describe, expect, it } from 'vitest';
import * as zod from 'zod';
import * as z from 'zod/mini';
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import * as PublicApi from '#shared/api/public-api-endpoints.ts';
import type { Contract } from '#shared/api/contract.ts';
import { FinderChangesAnswerSchema, FinderListingSchema, FinderSearchAnswerSchema, FinderSnapshotAnswerSchema } from '#shared/schemas/finder-api.ts';
import { PROBLEM_KINDS, PROBLEM_SLUGS, ProblemSchema } from '#shared/schemas/problem.ts';
import { buildOpenApiDocument } from './document.ts';

// A JSON document read at any depth: typing each step would be longer than the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>;
const document = buildOpenApiDocument() as unknown as Node;

/** `$ref`s replaced by what they name, for a validator that knows no components. */
function dereference(value: unknown, depth = 0): unknown {
  if (depth > 20) throw new Error('reference cycle');
  if (Array.isArray(value)) return value.map((v) => dereference(v, depth + 1));
  if (!value || typeof value !== 'object') return value;
  const node = value as Node;
  if (typeof node.$ref === 'string') {
    const { $ref, ...siblings } = node;
    const target = ($ref as string)
      .slice(2)
      .split('/')
      .reduce<Node | undefined>((at, part) => at?.[part] as Node | undefined, document);
    if (!target) throw new Error(`unresolved ${$ref}`);
    return { ...(dereference(target, depth + 1) as Node), ...siblings };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(v, depth + 1)]));
}

const operations = () =>
  Object.entries(document.paths as Node).flatMap(([path, item]) =>
    Object.entries(item as Node).map(([method, op]) => ({ path, method, op: dereference(op) as Node })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a relative server, built the same every time', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it('has every public operation of the finder contracts, with an id, a tag, a summary and a description', () => {
    const contracts = [...Object.values(FinderApi), ...Object.values(PublicApi)].filter((c) => typeof c === 'object' && c !== null && 'path' in c) as Contract<
      unknown,
      unknown
    >[];
    expect(contracts.length).toBe(5);
    for (const contract of contracts) {
      const op = document.paths[contract.path.replace(/:(\w+)/g, '{$1}')]?.[contract.method.toLowerCase()];
      expect(op, contract.path).toBeDefined();
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.tags).toHaveLength(1);
      expect(op.summary && op.description).toBeTruthy();
    }
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/v1/finder/pharmacies'].get.deprecated).toBe(true);
  });

  it('describes every parameter and every field in words', () => {
    for (const { path, op } of operations()) for (const p of op.parameters ?? []) expect(p.description, `${path} ${p.name}`).toMatch(/\w{3}/);
    for (const [name, schema] of Object.entries(document.components.schemas as Node)) {
      expect(schema.description, name).toBeTruthy();
      for (const [field, property] of Object.entries((schema.properties ?? {}) as Node)) expect(property.description, `${name}.${field}`).toBeTruthy();
    }
  });

  it('describes query numbers as the text the server accepts: lat and lng strings with a pattern, the range in words', () => {
    const search = dereference(document.paths['/api/v1/finder/search'].get) as Node;
    const lat = search.parameters.find((p: Node) => p.name === 'lat');
    expect(lat).toMatchObject({ in: 'query', required: true, schema: { type: 'string', pattern: expect.any(String) } });
    expect(lat.description).toContain('From -90 to 90.');
    expect(search.parameters.find((p: Node) => p.name === 'limit')).toMatchObject({ required: false, schema: { type: 'string', default: '20' } });
    expect(search.parameters.find((p: Node) => p.name === 'lang')).toMatchObject({ schema: { enum: ['en', 'it', 'de'] } });
    expect(search.parameters.map((p: Node) => p.name)).toEqual(
      expect.arrayContaining(['market', 'lat', 'lng', 'radiusKm', 'service', 'limit', 'cursor', 'count', 'lang', 'If-None-Match']),
    );
    expect(document.security).toEqual([{}, { apiKey: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  });

  it('the parameter examples are a request the server accepts', () => {
    const contracts = {
      '/api/v1/finder/search': PublicApi.finderSearch,
      '/api/v1/finder/snapshot': PublicApi.finderSnapshot,
      '/api/v1/finder/changes': PublicApi.finderChanges,
      '/api/v1/finder/pharmacies': FinderApi.finderPharmacies,
    };
    for (const [path, contract] of Object.entries(contracts)) {
      const op = dereference(document.paths[path].get) as Node;
      const query = Object.fromEntries(op.parameters.filter((p: Node) => p.in === 'query' && p.example !== undefined).map((p: Node) => [p.name, p.example]));
      expect(z.safeParse(contract.request!, query).success, path).toBe(true);
      for (const p of op.parameters as Node[])
        if (p.example !== undefined && p.schema.pattern) expect(p.example, `${path} ${p.name}`).toMatch(new RegExp(p.schema.pattern));
    }
  });

  it('answers every status with its schema: 200, 304 and the problems as application/problem+json, with their headers', () => {
    for (const { path, op } of operations()) {
      expect(op.responses['200'], path).toBeDefined();
      for (const [status, response] of Object.entries(op.responses as Node)) {
        if (Number(status) >= 400) expect(Object.keys(response.content), `${path} ${status}`).toEqual(['application/problem+json']);
      }
    }
    const search = dereference(document.paths['/api/v1/finder/search'].get) as Node;
    expect(Object.keys(search.responses)).toEqual(['200', '304', '400', '401', '429', '500', '503']);
    expect(Object.keys(search.responses['200'].headers)).toEqual(['ETag', 'Cache-Control', 'RateLimit', 'RateLimit-Policy']);
    expect(Object.keys(search.responses['304'].headers)).toEqual(['ETag', 'Cache-Control']);
    expect(Object.keys(search.responses['429'].headers)).toEqual(['Retry-After', 'RateLimit', 'RateLimit-Policy']);
    expect(Object.keys(search.responses['503'].headers)).toEqual(['Retry-After']);
    expect(Object.keys((dereference(document.paths['/api/v1/finder/changes'].get) as Node).responses)).toContain('410');
    expect(Object.keys((dereference(document.paths['/api/v1/finder/listings/{listingId}'].get) as Node).responses)).toContain('404');
    expect(search.responses['200'].headers['Cache-Control'].example).toBe('public, max-age=30, stale-while-revalidate=30');
    const listing = dereference(document.paths['/api/v1/finder/listings/{listingId}'].get) as Node;
    expect(listing.responses['200'].headers['Cache-Control'].example).toBe('public, no-cache');
    const legacy = dereference(document.paths['/api/v1/finder/pharmacies'].get) as Node;
    expect(legacy.responses['200'].headers['Cache-Control'].example).toBe('public, no-cache');
    expect(Object.keys(legacy.responses['200'].headers)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
  });

  it('names every problem type with its status, and documents where each resolves', () => {
    expect(document['x-problem-types'].map((p: Node) => [p.type, p.status])).toEqual(
      PROBLEM_SLUGS.map((slug) => [`/api/v1/problems/${slug}`, PROBLEM_KINDS[slug].status]),
    );
    expect(document.paths['/api/v1/problems/{slug}'].get.parameters[0].schema.enum).toEqual(PROBLEM_SLUGS);
    expect(document.info.description).toContain('max-age=30, stale-while-revalidate=30');
    expect(document.info.description).toContain('/api/v1/problems/cursor-expired');
  });

  it('every schema compiles, and accepts the examples the server would answer', () => {
    const compiled = Object.fromEntries(
      Object.keys(document.components.schemas).map((name) => [name, zod.fromJSONSchema(dereference(document.components.schemas[name]) as never)]),
    );
    const listing = {
      id: '7a0e6f7c-2b7e-4f0a-9a53-3c1f2d7e9b10',
      pharmacyName: 'P',
      address: 'A',
      lat: 1.5,
      lng: 2,
      services: '',
      firstName: 'F',
      photoUrl: null,
      about: '',
      market: 'uk',
    };
    const answers: [string, z.core.$ZodType, unknown][] = [
      ['FinderListing', FinderListingSchema, listing],
      ['FinderSearchAnswer', FinderSearchAnswerSchema, { data: [{ ...listing, distanceKm: 0.5 }], next: null, total: 1 }],
      ['FinderSnapshotAnswer', FinderSnapshotAnswerSchema, { data: [listing], cursor: 'c1' }],
      [
        'FinderChangesAnswer',
        FinderChangesAnswerSchema,
        {
          data: [
            { op: 'upsert', id: listing.id, listing },
            { op: 'delete', id: listing.id },
          ],
          next: 'c2',
        },
      ],
      ['Problem', ProblemSchema, { type: '/api/v1/problems/internal', title: 'T', status: 500 }],
    ];
    for (const [name, server, answer] of answers) {
      expect(z.safeParse(server, answer).success, `${name} (server)`).toBe(true);
      expect(z.safeParse(compiled[name]!, answer).success, `${name} (document)`).toBe(true);
    }
    expect(z.safeParse(compiled.FinderChangesAnswer!, { data: [{ op: 'delete' }], next: 'c' }).success).toBe(false);
    for (const { path, op } of operations()) {
      const example = op.responses['200'].content['application/json'].example;
      const schema = op.responses['200'].content['application/json'].schema;
      if (example !== undefined) expect(z.safeParse(zod.fromJSONSchema(schema), example).success, path).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { breakingChanges } from './breaking-changes.ts';

// Made-up documents edited at any depth: typing each step would be longer than the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** A small made-up contract: one search with parameters, an answer with a referenced item. */
function contract() {
  return {
    openapi: '3.1.0',
    info: { title: 'Made up', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [
            { name: 'market', in: 'query', required: true, schema: { type: 'string', enum: ['uk', 'it'] } },
            { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 60 } },
            { name: 'limit', in: 'query', required: false, schema: { type: 'number' } },
            { $ref: '#/components/parameters/lang' },
          ],
          responses: {
            200: {
              description: 'OK',
              headers: { ETag: { schema: { type: 'string' } } },
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, next: { type: ['string', 'null'] } },
                    required: ['data', 'next'],
                  },
                },
              },
            },
            400: { description: 'Bad', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          },
        },
      },
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'OK' } },
        },
      },
    } as Loose,
    components: {
      parameters: { lang: { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['en', 'it'] } } },
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'number' } }, required: ['id', 'name', 'size'] },
        Problem: { type: 'object', properties: { type: { type: 'string' }, status: { type: 'integer' } }, required: ['type', 'status'] },
      } as Loose,
    },
  };
}

const changed = (edit: (doc: ReturnType<typeof contract>) => void) => {
  const after = contract();
  edit(after);
  return breakingChanges(contract(), after);
};
const things = (doc: ReturnType<typeof contract>) => doc.paths['/things'].get;

describe('breakingChanges', () => {
  it('finds nothing between equal documents', () => {
    expect(breakingChanges(contract(), contract())).toEqual([]);
  });

  it('passes additive changes: a new path, an optional parameter, a new answer field, a new status, words', () => {
    expect(
      changed((doc) => {
        doc.paths['/other'] = { get: { operationId: 'other', responses: { 200: { description: 'OK' } } } };
        things(doc).parameters.push({ name: 'count', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } });
        doc.components.schemas.Thing.properties.colour = { type: 'string' };
        doc.components.schemas.Thing.required.push('colour');
        doc.components.schemas.Thing.description = 'A thing.';
        things(doc).responses[429] = { description: 'Slow down' };
        things(doc).parameters[1].schema.maxLength = 100;
        doc.components.parameters.lang.schema.enum.push('de');
      }),
    ).toEqual([]);
  });

  it('fails on a removed path or operation, or a renamed operation', () => {
    expect(changed((doc) => delete doc.paths['/things/{id}'])).toEqual(['/things/{id}: removed path']);
    expect(changed((doc) => (doc.paths['/things'] = { post: things(doc) }))).toEqual(['GET /things: removed operation']);
    expect(changed((doc) => (things(doc).operationId = 'findThings'))).toEqual(['GET /things: operationId renamed (listThings -> findThings)']);
  });

  it('fails on a removed parameter, a referenced one too', () => {
    expect(changed((doc) => things(doc).parameters.splice(1, 1))).toEqual(['GET /things parameter query q: removed parameter']);
    expect(changed((doc) => things(doc).parameters.pop())).toEqual(['GET /things parameter query lang: removed parameter']);
  });

  it('fails on a new required parameter, or an optional one made required', () => {
    expect(changed((doc) => things(doc).parameters.push({ name: 'region', in: 'query', required: true, schema: { type: 'string' } }))).toEqual([
      'GET /things parameter query region: new required parameter',
    ]);
    expect(changed((doc) => (things(doc).parameters[1].required = true))).toEqual(['GET /things parameter query q: became required']);
  });

  it('fails on a narrowed parameter: string -> enum, number -> integer, fewer values, a tighter bound, a pattern', () => {
    expect(changed((doc) => (things(doc).parameters[1].schema = { type: 'string', enum: ['a', 'b'] }))).toEqual([
      expect.stringContaining('GET /things parameter query q: narrowed to fewer values'),
    ]);
    expect(changed((doc) => (things(doc).parameters[2].schema.type = 'integer'))).toEqual([
      'GET /things parameter query limit: narrowed type (number -> integer)',
    ]);
    expect(changed((doc) => (things(doc).parameters[0].schema.enum = ['uk']))).toEqual([expect.stringContaining('narrowed to fewer values')]);
    expect(changed((doc) => (things(doc).parameters[1].schema.maxLength = 20))).toEqual(['GET /things parameter query q: maxLength lowered (60 -> 20)']);
    expect(changed((doc) => (things(doc).parameters[1].schema = { type: 'string', maxLength: 60, pattern: '^[a-z]+$' }))).toEqual([
      expect.stringContaining('pattern changed'),
    ]);
  });

  it('fails on a removed or renamed answer field, in a referenced schema too', () => {
    expect(changed((doc) => delete doc.components.schemas.Thing.properties.size)).toEqual(['GET /things 200 application/json body.data[].size: removed field']);
    expect(
      changed((doc) => {
        const thing = doc.components.schemas.Thing;
        thing.properties.label = thing.properties.name;
        delete thing.properties.name;
        thing.required = ['id', 'label', 'size'];
      }),
    ).toEqual(['GET /things 200 application/json body.data[].name: removed field (renamed to label?)']);
    expect(changed((doc) => delete doc.components.schemas.Problem.properties.status)).toEqual([
      'GET /things 400 application/problem+json body.status: removed field',
    ]);
  });

  it('fails on an answer field whose type changed (narrowed or widened) or that is no longer always there', () => {
    expect(changed((doc) => (doc.components.schemas.Thing.properties.size.type = 'integer'))).toEqual([
      'GET /things 200 application/json body.data[].size: type changed (number -> integer)',
    ]);
    expect(changed((doc) => (doc.components.schemas.Thing.properties.name = { type: 'string', enum: ['a'] }))).toEqual([
      expect.stringContaining('body.data[].name: values changed'),
    ]);
    expect(changed((doc) => (doc.components.schemas.Thing.properties.name.type = ['string', 'null'] as never))).toEqual([
      'GET /things 200 application/json body.data[].name: type changed (string -> string|null)',
    ]);
    expect(changed((doc) => (doc.components.schemas.Thing.required = ['id', 'name']))).toEqual([
      'GET /things 200 application/json body.data[].size: no longer always present',
    ]);
  });

  it('fails on a removed answer, media type or header', () => {
    expect(changed((doc) => delete things(doc).responses[400])).toEqual(['GET /things 400: removed answer']);
    expect(changed((doc) => (things(doc).responses[200].content = { 'text/plain': { schema: { type: 'string' } } } as never))).toEqual([
      'GET /things 200: removed application/json',
    ]);
    expect(changed((doc) => (things(doc).responses[200].headers = {} as never))).toEqual(['GET /things 200: removed header ETag']);
  });
});

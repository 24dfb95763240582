import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { memoryLog } from '../test/log.ts';
import { loggableText, loggableUrl, serializeError, withLogSerializers } from './log-serializers.ts';

describe('loggableUrl', () => {
  it.each([
    ['/form/2?draft=Abcdefghijklmnopqrstuvwxyz012345', '/form/2'],
    ['/signin/verify?token=abc', '/signin/verify'],
    ['/api/get-pharmacist?pharmacistId=x', '/api/get-pharmacist'],
    ['/pharmacist/edit/Abcdefghijklmnopqrstuvwxyz0123456789ABCD', '/pharmacist/edit/[token]'],
    ['/de/pharmacist/edit/short', '/de/pharmacist/edit/[token]'],
    ['/api/drafts/Abcdefghijklmnopqrstuvwxyz012345', '/api/drafts/[token]'],
    ['/api/drafts/%ZZ', '/api/drafts/[token]'],
    ['/api/data-rights/Abcdefghijklmnopqrstuvwxyz012345/erase', '/api/data-rights/[token]/erase'],
    ['/api/my-application/short', '/api/my-application/[token]'],
    ['/it/my-application/Abcdefghijklmnopqrstuvwxyz012345', '/it/my-application/[token]'],
    ['/files/photos/0123456789abcdef0123456789abcdef.jpg', '/files/photos/[token]'],
    ['/api/drafts', '/api/drafts'],
    ['/api/save-temp-pharmacist-image', '/api/save-temp-pharmacist-image'],
    ['/api/areamanager-create-pharmacy', '/api/areamanager-create-pharmacy'],
    ['/areamanager/form/0b7e1f3c-8f7a-4c1e-9b2a-1d2e3f4a5b6c', '/areamanager/form/0b7e1f3c-8f7a-4c1e-9b2a-1d2e3f4a5b6c'],
    ['/assets/main-abc123.js', '/assets/main-abc123.js'],
    // A patient's point in a path (decision 0054): masked, whatever its form.
    ['/uk/finder/51.4975123,-0.1357456?lang=it', '/uk/finder/[number]'],
    ['/api/v1/finder/search/51.4975/-0.1357', '/api/v1/finder/search/[number]/[number]'],
    ['/api/v1/finder/near/51,4975;-0,1357.json', '/api/v1/finder/near/[number]'],
    ['/api/v1/finder/near/51%2E4975/lat=51.49', '/api/v1/finder/near/[number]/[number]'],
    ['/assets/leaflet-1.9.4.css', '/assets/leaflet-1.9.4.css'],
    ['/api/v1/finder/listings/5', '/api/v1/finder/listings/5'],
  ])('%s → %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});

describe('loggableText', () => {
  it('masks e-mail addresses and token-like words, and keeps the rest', () => {
    expect(loggableText('550 <a.b+c@example.co.uk>: no such user; token Abcdefghijklmnopqrstuvwxyz012345')).toBe('550 <[email]>: no such user; token [token]');
    expect(loggableText('at /app/node_modules/@electric-sql/pglite/dist/index.js')).toBe('at /app/node_modules/@electric-sql/pglite/dist/index.js');
    expect(loggableText('request to https://nominatim.example.org/search?q=Via+Roma+1&format=json failed')).toBe(
      'request to https://nominatim.example.org/search failed',
    );
  });

  it('cuts the query string off a path and masks long fractions (a point quoted by an error)', () => {
    expect(loggableText('No route matches URL "/uk/finder?lat=51.4975123&lng=-0.1357456"')).toBe('No route matches URL "/uk/finder"');
    expect(loggableText('invalid input syntax for type double precision: "51.4975123x"')).toBe('invalid input syntax for type double precision: "[number]x"');
    expect(loggableText('value -0.1357456 out of range')).toBe('value [number] out of range');
    expect(loggableText('connect ECONNREFUSED 127.0.0.1:5432 after 0.25 s (pg 17.2)')).toBe('connect ECONNREFUSED 127.0.0.1:5432 after 0.25 s (pg 17.2)');
  });
});

describe('serializeError', () => {
  it('keeps type, message and code, and drops parameters, rows and recipients, also of the cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (email)=(amelia@example.co.uk) already exists.',
    });
    const error = Object.assign(new Error('Failed query: insert into "x" values ($1)\nparams: amelia@example.co.uk,secret'), {
      query: 'insert into "x" values ($1)',
      params: ['amelia@example.co.uk', 'secret'],
      cause,
    });
    const out = JSON.stringify(serializeError(error));
    expect(out).toContain('Failed query: insert into');
    expect(out).toContain('23505');
    expect(out).toContain('duplicate key value');
    expect(out).not.toContain('amelia');
    expect(out).not.toContain('secret');
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <x@example.de>"), {
      rejected: ['x@example.de'],
      responseCode: 550,
    });
    expect(JSON.stringify(serializeError(smtp))).not.toContain('x@example.de');
  });
});

describe('a failed query in the log', () => {
  let testDatabase: TestDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = testDatabase.database;
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  it('logs the statement and the database error, never the parameters', async () => {
    const log = memoryLog();
    const app = Fastify({ logger: withLogSerializers({ level: 'info', stream: log.stream }) });
    const failure = await database.db
      .execute(sql`select ${'amelia@example.co.uk'}::int + ${'Abcdefghijklmnopqrstuvwxyz012345'}::int`)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // What drizzle hands over does carry them: this is what the serializer must drop.
    expect(JSON.stringify({ ...(failure as object) })).toContain('amelia@example.co.uk');
    app.log.error({ err: failure }, 'request failed');
    await app.close();
    const text = log.text();
    expect(text).toContain('request failed');
    expect(text).toContain('select $1::int');
    expect(text).not.toContain('amelia@example.co.uk');
    expect(text).not.toContain('Abcdefghijklmnopqrstuvwxyz012345');
  });
});

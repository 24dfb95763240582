// Issue 40 item 5: a route parses, calls a service and answers. Its queries live in services (no
// route imports the tables or drizzle), and it reads files through services/files (no node:fs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const routes = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(path.join(import.meta.dirname, name), 'utf8') }));

const importsOf = (text: string) => [...text.matchAll(/^import[^;]*? from '([^']+)';/gms)].map((match) => match[1]);

describe('routes', () => {
  it('are many (the scan reads them)', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('query no table themselves', () => {
    const querying = routes.filter(({ text }) => importsOf(text).some((from) => from === 'drizzle-orm' || from === '../db/schema.ts')).map(({ name }) => name);
    expect(querying).toEqual([]);
  });

  it('read files only through services/files', () => {
    const reading = routes
      .filter(({ text }) => importsOf(text).some((from) => from === 'node:fs' || from === 'node:fs/promises' || from === 'fs'))
      .map(({ name }) => name);
    expect(reading).toEqual([]);
  });
});

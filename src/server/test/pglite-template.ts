// The migrated PGlite data directory the tests' fresh databases start from (decision 0085): made
// once per vitest run by its global setup (scripts/pglite-template.ts), named by an environment
// variable the test workers inherit.
import { existsSync, readFileSync } from 'node:fs';

export const PGLITE_TEMPLATE_ENV = 'CHAMPIONS_TEST_PGLITE_TEMPLATE';

let template: Blob | undefined;

/** The template, read once per test file; none outside vitest, where each database runs initdb and every migration. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!template && file && existsSync(file)) template = new Blob([readFileSync(file)]);
  return template;
}

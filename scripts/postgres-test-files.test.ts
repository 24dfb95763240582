import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without types
import { postgresTestFiles } from './postgres-test-files.mjs';

describe('the test files the PostgreSQL run takes', () => {
  const files: string[] = postgresTestFiles();

  it('takes every file that opens the test harness, directly or through a helper', () => {
    expect(files).toContain('src/server/routes/registration.test.ts'); // createTestContext
    expect(files).toContain('src/server/public-api-conformance.test.ts'); // through test/public-api-server.ts
    expect(files).toContain('src/server/test/resilience/crash.test.ts'); // reads TEST_DATABASE_URL itself
  });

  it('leaves out files that never read the test database settings', () => {
    expect(files).not.toContain('src/server/logging.test.ts'); // a server process on its own PGlite
    expect(files).not.toContain('src/server/http/parse-body.test.ts'); // a pure function
  });
});

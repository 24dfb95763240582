// The server test files whose outcome can depend on the database they run on: those whose own
// code, or any local module they import (transitively), reads TEST_DB or TEST_DATABASE_URL (the
// test harness, src/server/test/context.ts, does). The others (a server process on its own PGlite,
// a pure function) would only run a second time unchanged, so the PostgreSQL run leaves them out.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SPECIFIER = /(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g;
const READS_TEST_DATABASE = /\bTEST_DB\b|\bTEST_DATABASE_URL\b/;

/** The local file a specifier names, or null (a package, a node: module). */
function resolveLocal(from, specifier) {
  let target;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('#server/')) target = path.join(ROOT, 'src/server', specifier.slice('#server/'.length));
  else if (specifier.startsWith('#shared/')) target = path.join(ROOT, 'src/shared', specifier.slice('#shared/'.length));
  else return null;
  return existsSync(target) ? target : null;
}

/** Whether `file` or a local module it imports, at any depth, reads the test database's settings. */
export function readsTestDatabase(file, memo = new Map()) {
  if (memo.has(file)) return memo.get(file);
  memo.set(file, false); // a cycle adds nothing
  const code = readFileSync(file, 'utf8');
  let reads = READS_TEST_DATABASE.test(code);
  for (const [, specifier] of code.matchAll(SPECIFIER)) {
    if (reads) break;
    const imported = resolveLocal(file, specifier);
    if (imported) reads = readsTestDatabase(imported, memo);
  }
  memo.set(file, reads);
  return reads;
}

/** The test files under `dir` (relative to the repository) that the PostgreSQL run takes. */
export function postgresTestFiles(dir = 'src/server') {
  const memo = new Map();
  return readdirSync(path.join(ROOT, dir), { recursive: true })
    .map((name) => path.join(dir, String(name)).split(path.sep).join('/'))
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => readsTestDatabase(path.join(ROOT, name), memo))
    .sort();
}

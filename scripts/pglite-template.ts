// Vitest global setup (decision 0085): one migrated in-memory PGlite, its data directory written to a
// temporary file that every test file's fresh database starts from (src/server/test/context.ts), so
// that each does not run initdb and every migration again (about 2 s each on this machine).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedPgliteTemplate } from '../src/server/db/client.ts';
import { PGLITE_TEMPLATE_ENV } from '../src/server/test/pglite-template.ts';

export default async function setup() {
  const folder = mkdtempSync(path.join(tmpdir(), 'champions-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteTemplate()).arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}

// npm run openapi:write: regenerates docs/api/finder-v1.openapi.json, the committed copy of the
// public API's contract (docs/decisions/0055). Refuses a breaking change against the copy unless
// run with --breaking (a breaking change is a new API, not an edit of this one).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { breakingChanges } from '#server/openapi/breaking-changes.ts';
import { buildOpenApiDocument, COMMITTED_OPENAPI_PATH, openApiText } from '#server/openapi/document.ts';

const document = buildOpenApiDocument();
if (existsSync(COMMITTED_OPENAPI_PATH)) {
  const breaking = breakingChanges(JSON.parse(readFileSync(COMMITTED_OPENAPI_PATH, 'utf8')), document);
  if (breaking.length && !process.argv.includes('--breaking')) {
    console.error(`Not written: ${breaking.length} breaking change(s) against ${COMMITTED_OPENAPI_PATH}:\n${breaking.map((b) => `  - ${b}`).join('\n')}`);
    process.exit(1);
  }
}
writeFileSync(COMMITTED_OPENAPI_PATH, openApiText(document));
console.log(`Wrote ${COMMITTED_OPENAPI_PATH}`);

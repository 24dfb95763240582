// The breaking-change test (issue 38 item 1, docs/decisions/0055): the document the code generates
// against the committed copy docs/api/finder-v1.openapi.json. A breaking change fails with its list;
// any other difference fails too, asking for `npm run openapi:write`, so the copy is always current.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { breakingChanges } from './breaking-changes.ts';
import { buildOpenApiDocument, COMMITTED_OPENAPI_PATH } from './document.ts';

describe('the committed OpenAPI document', () => {
  const committed: unknown = JSON.parse(readFileSync(new URL(`../../../${COMMITTED_OPENAPI_PATH}`, import.meta.url), 'utf8'));
  const generated: unknown = JSON.parse(JSON.stringify(buildOpenApiDocument()));

  it('is not broken by the code: nothing removed, renamed or narrowed', () => {
    const breaking = breakingChanges(committed, generated);
    expect(
      breaking,
      `Breaking changes against ${COMMITTED_OPENAPI_PATH}: a client built on it would fail. Put back what was removed or narrowed (a breaking change is a new API version, docs/decisions/0055).`,
    ).toEqual([]);
  });

  it('is current: an additive change is written to the copy with npm run openapi:write', () => {
    expect(
      isDeepStrictEqual(committed, generated),
      `The generated document differs from ${COMMITTED_OPENAPI_PATH} without breaking it: run \`npm run openapi:write\` and commit the copy.`,
    ).toBe(true);
  });
});

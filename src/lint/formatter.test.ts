// `npm run lint` checks the layout with Prettier and the project's own settings (issue 40 item 6,
// decision 0083): a file laid out otherwise fails the lint.
import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const scripts = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts as Record<string, string>;

describe('the formatter', () => {
  it('runs in npm run lint', () => {
    expect(scripts.lint).toMatch(/\bprettier --check \./);
  });

  it("refuses code laid out otherwise than the project's settings, and passes code laid out by them", async () => {
    const file = new URL('src/lint/layout-example.ts', root).pathname;
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(await prettier.check('const greeting = "hello" ;\n', options)).toBe(false);
    expect(await prettier.check("const greeting = 'hello';\n", options)).toBe(true);
  });

  it('leaves prose and generated files as written', async () => {
    const ignored = async (path: string) =>
      (await prettier.getFileInfo(new URL(path, root).pathname, { ignorePath: new URL('.prettierignore', root).pathname })).ignored;
    expect(await ignored('README.md')).toBe(true);
    expect(await ignored('docs/api/finder-v1.openapi.json')).toBe(true);
    expect(await ignored('src/server/app.ts')).toBe(false);
  });
});

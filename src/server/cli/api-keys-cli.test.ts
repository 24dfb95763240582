// `npm run api-keys` (issue 38 item 5): issues a key and prints it once, lists keys without them,
// rotates and revokes; the public API refuses a revoked key; the activity log names no person.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '#shared/schemas/api-clients.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { runCommand } from './commands.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function run(...args: string[]) {
  const lines: string[] = [];
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) };
  const code = await runCommand('api-keys', args, { db: ctx.database.db, auth: ctx.app.services.auth, linkBase: 'http://localhost', out });
  return { code, text: lines.join('\n') };
}

const keyIn = (text: string) => text.split(/\s+/).find((word) => API_KEY_PATTERN.test(word))!;
const publicRead = (key: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${randomUUID()}`, headers: { 'x-api-key': key } });

describe('npm run api-keys', () => {
  it('issues, lists, rotates and revokes a key', async () => {
    expect(await run('list')).toEqual({ code: 0, text: 'No API keys.' });
    expect(await run('issue', '--quota', '50')).toMatchObject({ code: 1, text: 'ERROR --name is required (at most 80 characters)' });
    expect(await run('issue', '--name', 'Android', '--quota', 'lots')).toMatchObject({
      code: 1,
      text: 'ERROR --quota must be a whole number from 1 to 100000',
    });

    const issued = await run('issue', '--name', 'Patient app Android', '--quota', '240');
    expect(issued.code).toBe(0);
    const key = keyIn(issued.text);
    expect(key).toMatch(API_KEY_PATTERN);
    const id = /Issued ([0-9a-f-]{36})/.exec(issued.text)![1]!;
    expect((await publicRead(key)).statusCode).toBe(404);

    const listed = await run('list');
    expect(listed.text).toContain(id);
    expect(listed.text).toMatch(new RegExp(`${key.slice(0, 9)}….*240/min.*active.*"Patient app Android"`));
    expect(listed.text).not.toContain(key);

    const rotated = await run('rotate', id);
    expect(rotated.code).toBe(0);
    const newKey = keyIn(rotated.text);
    expect(newKey).not.toBe(key);
    expect((await publicRead(key)).statusCode).toBe(401);
    expect((await publicRead(newKey)).statusCode).toBe(404);

    expect((await run('revoke', id)).code).toBe(0);
    expect((await publicRead(newKey)).statusCode).toBe(401);
    expect((await run('list')).text).toMatch(/revoked/);
    expect(await run('rotate', id)).toMatchObject({ code: 1 });
    expect(await run('revoke', 'nope')).toMatchObject({ code: 1 });
    expect((await run('frobnicate')).code).toBe(2);

    const log = await ctx.app.services.activityLog.page(1);
    expect(log.items.map((entry) => (entry.kind === 'apiKey' ? [entry.action, entry.by] : null))).toEqual([
      ['revoke', null],
      ['rotate', null],
      ['issue', null],
    ]);
  });
});

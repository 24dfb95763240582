// The main admin's API keys (issue 38 item 5, decision 0052): issue shows the key once and stores
// its hash only; rotate and revoke stop the old key at once; each is in the activity log with who
// did it; nobody else may reach any of it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import { API_KEY_PATTERN, type ApiClientItem, type IssuedApiKey } from '#shared/schemas/api-clients.ts';
import { rowsOf } from '../db/client.ts';
import { hashToken } from '../services/tokens.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
let admin: StaffUser;
const cookies = {} as Record<'admin' | 'reviewer' | 'manager', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await addStaff(ctx, 'main_admin');
  cookies.admin = (await signIn(ctx, admin)).cookie;
  cookies.reviewer = (await signIn(ctx, await addStaff(ctx, 'reviewer'))).cookie;
  cookies.manager = (await signIn(ctx, await addStaff(ctx, 'area_manager'))).cookie;
});
afterAll(() => ctx?.close());

const as = (who: keyof typeof cookies | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: cookies[who] } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    payload: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });

const publicRead = (key: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${randomUUID()}`, headers: { 'x-api-key': key } });

/** Every row of every table as text, for looking a value up anywhere in the database. */
async function everyTableHolds(text: string): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await ctx.database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const found = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} t where row_to_json(t)::text like ${`%${text}%`}`),
    );
    if (Number(found[0]?.n) > 0) holding.push(name);
  }
  return holding;
}

describe('the main admin’s API keys', () => {
  let issued: IssuedApiKey;

  it('are refused to everyone but the main admin', async () => {
    const id = randomUUID();
    const calls = [
      ['GET', '/api/admin/api-clients'],
      ['POST', '/api/admin/api-clients'],
      ['POST', `/api/admin/api-clients/${id}/rotate`],
      ['POST', `/api/admin/api-clients/${id}/revoke`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await as(null, method, url, { name: 'x', quotaPerMinute: 5 })).statusCode).toBe(401);
      expect((await as('reviewer', method, url, { name: 'x', quotaPerMinute: 5 })).statusCode).toBe(403);
      expect((await as('manager', method, url, { name: 'x', quotaPerMinute: 5 })).statusCode).toBe(403);
    }
    expect(await ctx.app.services.apiClients.list()).toEqual([]);
  });

  it('issues a key shown once, stored as its hash only', async () => {
    const refused = await as('admin', 'POST', '/api/admin/api-clients', { name: ' ', quotaPerMinute: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ name: 'validation.required', quotaPerMinute: 'validation.invalid' });

    const response = await as('admin', 'POST', '/api/admin/api-clients', { name: 'Patient app iOS 4.2', quotaPerMinute: '1200' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    issued = response.json().data;
    expect(issued.key).toMatch(API_KEY_PATTERN);
    expect(issued.client).toMatchObject({
      name: 'Patient app iOS 4.2',
      quotaPerMinute: 1200,
      keyPrefix: issued.key.slice(0, 9),
      createdBy: `${admin.firstName} ${admin.lastName}`,
      revokedAt: null,
    });

    const list = await as('admin', 'GET', '/api/admin/api-clients');
    expect(list.body).not.toContain(issued.key);
    expect(list.json().data.map((c: ApiClientItem) => c.id)).toEqual([issued.client.id]);

    expect(await everyTableHolds(issued.key)).toEqual([]);
    expect(await everyTableHolds(issued.key.slice(9))).toEqual([]);
    expect(await everyTableHolds(hashToken(issued.key))).toEqual(['api_clients']);
    expect((await publicRead(issued.key)).statusCode).toBe(404);
  });

  it('rotates: a new key works, the old one stops at once', async () => {
    const response = await as('admin', 'POST', `/api/admin/api-clients/${issued.client.id}/rotate`);
    expect(response.statusCode).toBe(200);
    const rotated: IssuedApiKey = response.json().data;
    expect(rotated.key).not.toBe(issued.key);
    expect(rotated.client.rotatedAt).not.toBeNull();
    expect((await publicRead(issued.key)).statusCode).toBe(401);
    expect((await publicRead(rotated.key)).statusCode).toBe(404);
    issued = rotated;
  });

  it('revokes: the key stops at once and for good', async () => {
    const response = await as('admin', 'POST', `/api/admin/api-clients/${issued.client.id}/revoke`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: issued.client.id, revokedBy: `${admin.firstName} ${admin.lastName}` });
    const refused = await publicRead(issued.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    // Once revoked, never rotated back to life; revoking again changes nothing.
    expect((await as('admin', 'POST', `/api/admin/api-clients/${issued.client.id}/rotate`)).statusCode).toBe(404);
    expect((await as('admin', 'POST', `/api/admin/api-clients/${issued.client.id}/revoke`)).statusCode).toBe(200);
    expect((await as('admin', 'POST', `/api/admin/api-clients/${randomUUID()}/revoke`)).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/api/admin/api-clients/not-an-id/revoke')).statusCode).toBe(404);
  });

  it('records issue, rotation and revocation in the activity log, with who did it', async () => {
    const response = await as('admin', 'GET', '/api/admin/activity');
    const items = (response.json().data.items as ActivityEntry[]).filter((entry) => entry.kind === 'apiKey');
    const by = { name: `${admin.firstName} ${admin.lastName}`, role: 'main_admin' };
    expect(items.map((entry) => (entry.kind === 'apiKey' ? [entry.action, entry.client.name, entry.by] : null))).toEqual([
      ['revoke', 'Patient app iOS 4.2', by],
      ['rotate', 'Patient app iOS 4.2', by],
      ['issue', 'Patient app iOS 4.2', by],
    ]);
  });
});

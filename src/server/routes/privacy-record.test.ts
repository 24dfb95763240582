// GET /api/admin/privacy (issue 42 item 4): the record of processing from the data map and this
// server's settings, for the main admin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessingRecord } from '#shared/schemas/privacy.ts';
import { PERSONAL_COLUMNS } from '../privacy/data-map.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
const cookies = {} as Record<'admin' | 'reviewer', string>;
beforeAll(async () => {
  ctx = await createTestContext({ retentionRejectedMonths: 9, mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
  cookies.admin = (await signIn(ctx, await addStaff(ctx, 'main_admin'))).cookie;
  cookies.reviewer = (await signIn(ctx, await addStaff(ctx, 'reviewer'))).cookie;
});
afterAll(() => ctx?.close());

const get = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/privacy', headers: cookie ? { cookie } : {} });

describe('GET /api/admin/privacy', () => {
  it('gives the main admin every mapped column in the record, with the settings of this server', async () => {
    const response = await get(cookies.admin);
    expect(response.statusCode).toBe(200);
    const record = response.json().data as ProcessingRecord;
    expect(record.entries.flatMap((e) => e.columns).sort()).toEqual(PERSONAL_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
    expect(record.entries.find((e) => e.columns.includes('applications.email'))).toMatchObject({
      basis: 'art6_1_b',
      retention: { setting: 'RETENTION_REJECTED_MONTHS' },
      retentionValue: 9,
    });
    expect(record.processors).toContainEqual({ role: 'map_tiles', name: 'tiles.example.org' });
  });

  it('refuses every other role, and anyone signed out', async () => {
    expect((await get(cookies.reviewer)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
  });
});

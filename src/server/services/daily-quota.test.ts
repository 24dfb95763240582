import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { chargeDailyQuota, clientAddressKey, purgeDailyQuotas } from './daily-quota.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('chargeDailyQuota', () => {
  it('lets through exactly what fits the limit, however many arrive at once', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const charge = () => chargeDailyQuota(ctx.database.db, { scope: 'test', key: '198.51.100.1', amount: 10, limit: 95, now });
    const results = await Promise.all(Array.from({ length: 20 }, charge));
    expect(results.filter(Boolean)).toHaveLength(9);
    // Another key and the next UTC day count on their own.
    expect(await chargeDailyQuota(ctx.database.db, { scope: 'test', key: '198.51.100.2', amount: 10, limit: 95, now })).toBe(true);
    expect(await chargeDailyQuota(ctx.database.db, { scope: 'test', key: '198.51.100.1', amount: 10, limit: 95, now: new Date('2026-11-24T00:00:01Z') })).toBe(
      true,
    );
    // Too big on its own.
    expect(await chargeDailyQuota(ctx.database.db, { scope: 'test', key: '198.51.100.3', amount: 96, limit: 95, now })).toBe(false);
  });

  it('forgets days before yesterday', async () => {
    const old = new Date('2026-10-01T10:00:00Z');
    await chargeDailyQuota(ctx.database.db, { scope: 'old', key: 'k', amount: 1, limit: 10, now: old });
    expect(await purgeDailyQuotas(ctx.database.db, new Date('2026-10-02T10:00:00Z'))).toBe(0);
    expect(await purgeDailyQuotas(ctx.database.db, new Date('2026-10-03T10:00:00Z'))).toBeGreaterThan(0);
  });
});

describe('clientAddressKey', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});

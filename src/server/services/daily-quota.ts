// Daily quotas kept in the database (table daily_quota), so that every server instance counts
// together: "at most N of <scope> per <key> per UTC day". Used for the bytes of photo uploads per
// client address; a scope is any short name (another quota needs no migration).
import { isIPv4, isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';
import { dailyQuota } from '../db/schema.ts';

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Adds `amount` to today's count of (scope, key) if that keeps it within `limit`, in one atomic
 * statement (concurrent requests cannot both slip under the limit). False, and nothing counted, when it would not.
 */
export async function chargeDailyQuota(db: Queryable, charge: { scope: string; key: string; amount: number; limit: number; now?: Date }): Promise<boolean> {
  const { scope, key, amount, limit } = charge;
  if (amount > limit) return false;
  const day = utcDay(charge.now ?? new Date());
  const result = await db.execute(sql`
    insert into daily_quota (scope, key, day, amount) values (${scope}, ${key}, ${day}::date, ${amount})
    on conflict (scope, key, day) do update set amount = daily_quota.amount + excluded.amount
      where daily_quota.amount + excluded.amount <= ${limit}
    returning amount`);
  return rowsOf(result).length === 1;
}

/** Forgets the counts of days before yesterday. */
export async function purgeDailyQuotas(db: Queryable, now = new Date()): Promise<number> {
  const yesterday = utcDay(new Date(now.getTime() - 24 * 3600_000));
  const deleted = await db.delete(dailyQuota).where(lt(dailyQuota.day, yesterday)).returning({ key: dailyQuota.key });
  return deleted.length;
}

/**
 * One key per client: an IPv4 address, or the /64 network of an IPv6 address (one household or
 * phone holds a whole /64 and can change addresses inside it at will).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

// API keys of client apps (issue 38 item 5, docs/decisions/0052). A key is `pc_` and 32 random
// bytes, shown once when issued or rotated; the database keeps its SHA-256 (as link tokens,
// decision 0042) and its first characters. Every public API request with a key is looked up by
// that hash (a unique index), so a rotation or revocation holds on the next request on every
// server of the fleet. Usage is counted in memory and added to the day's row every few seconds
// and at close: additive upserts, so any number of servers count together.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_USAGE_DAYS,
  type ApiClientItem,
  type ApiUsageDay,
  type IssuedApiKey,
} from '#shared/schemas/api-clients.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '../db/client.ts';
import { apiClientEvents, apiClients, apiClientUsage, staffUsers } from '../db/schema.ts';
import { hashToken } from './tokens.ts';

/** Usage counted in memory goes to the database this often. */
const USAGE_FLUSH_MS = 5_000;

/** A new key: `pc_` and 32 random bytes, base64url. */
const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What a valid key stands for on a request. */
export interface ApiClientIdentity {
  id: string;
  quotaPerMinute: number;
}

export interface ApiClientsOptions {
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void };
  flushMs?: number;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

export function createApiClients(db: Database, { now, log, flushMs = USAGE_FLUSH_MS }: ApiClientsOptions) {
  /** `${clientId} ${day}` -> requests and 429s not yet written. */
  let pending = new Map<string, { requests: number; limited: number }>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function writeUsage(batch: Map<string, { requests: number; limited: number }>) {
    if (batch.size === 0) return;
    const rows = [...batch].map(([key, counts]) => {
      const [clientId, day] = key.split(' ') as [string, string];
      return { clientId, day, ...counts };
    });
    await db
      .insert(apiClientUsage)
      .values(rows)
      .onConflictDoUpdate({
        target: [apiClientUsage.clientId, apiClientUsage.day],
        set: { requests: sql`${apiClientUsage.requests} + excluded.requests`, limited: sql`${apiClientUsage.limited} + excluded.limited` },
      });
  }

  /** Writes what was counted so far; a failed write is logged and its counts put back for the next turn. */
  function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    flushing = flushing.then(() =>
      writeUsage(batch).catch((error: unknown) => {
        log?.error({ err: error, keys: batch.size }, 'API key usage not written; kept for the next turn');
        for (const [key, counts] of batch) {
          const held = pending.get(key) ?? { requests: 0, limited: 0 };
          pending.set(key, { requests: held.requests + counts.requests, limited: held.limited + counts.limited });
        }
      }),
    );
    return flushing;
  }

  async function itemsWhere(where: ReturnType<typeof eq> | undefined): Promise<ApiClientItem[]> {
    const creator = alias(staffUsers, 'creator');
    const revoker = alias(staffUsers, 'revoker');
    const rows = await db
      .select({
        id: apiClients.id,
        name: apiClients.name,
        keyPrefix: apiClients.keyPrefix,
        quotaPerMinute: apiClients.quotaPerMinute,
        createdAt: apiClients.createdAt,
        rotatedAt: apiClients.rotatedAt,
        revokedAt: apiClients.revokedAt,
        creatorFirst: creator.firstName,
        creatorLast: creator.lastName,
        revokerFirst: revoker.firstName,
        revokerLast: revoker.lastName,
      })
      .from(apiClients)
      .leftJoin(creator, eq(creator.id, apiClients.createdBy))
      .leftJoin(revoker, eq(revoker.id, apiClients.revokedBy))
      .where(where)
      .orderBy(sql`${apiClients.revokedAt} is not null`, desc(apiClients.createdAt));
    const today = now();
    const days = Array.from({ length: API_USAGE_DAYS }, (_, i) => dayOf(new Date(today.getTime() - (API_USAGE_DAYS - 1 - i) * 86_400_000)));
    const usage = rows.length
      ? await db
          .select({ clientId: apiClientUsage.clientId, day: apiClientUsage.day, requests: apiClientUsage.requests, limited: apiClientUsage.limited })
          .from(apiClientUsage)
          .where(gte(apiClientUsage.day, days[0]!))
      : [];
    const byKey = new Map(usage.map((u) => [`${u.clientId} ${u.day}`, u]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      keyPrefix: row.keyPrefix,
      quotaPerMinute: row.quotaPerMinute,
      createdAt: iso(row.createdAt)!,
      createdBy: fullName(row.creatorFirst, row.creatorLast),
      rotatedAt: iso(row.rotatedAt),
      revokedAt: iso(row.revokedAt),
      revokedBy: fullName(row.revokerFirst, row.revokerLast),
      usage: days.map((day): ApiUsageDay => {
        const found = byKey.get(`${row.id} ${day}`);
        return { day, requests: Number(found?.requests ?? 0), limited: Number(found?.limited ?? 0) };
      }),
    }));
  }

  const itemOf = async (id: string) => (await itemsWhere(eq(apiClients.id, id)))[0]!;

  const record = (tx: Queryable, clientId: string, action: 'issue' | 'rotate' | 'revoke', actorId: string | null) =>
    tx.insert(apiClientEvents).values({ at: now(), clientId, action, actorId });

  return {
    /**
     * The client a key stands for, or null for a key that is malformed, unknown or revoked (the
     * caller answers 401). A malformed key costs no query.
     */
    async authenticate(key: string): Promise<ApiClientIdentity | null> {
      if (!API_KEY_PATTERN.test(key)) return null;
      const [row] = await db
        .select({ id: apiClients.id, quotaPerMinute: apiClients.quotaPerMinute })
        .from(apiClients)
        .where(and(eq(apiClients.keyHash, hashToken(key)), isNull(apiClients.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Counts one request of a key (in memory until the next flush); `limited`: it was answered 429. */
    countRequest(clientId: string, limited: boolean) {
      const key = `${clientId} ${dayOf(now())}`;
      const counts = pending.get(key) ?? { requests: 0, limited: 0 };
      counts.requests += 1;
      if (limited) counts.limited += 1;
      pending.set(key, counts);
      if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          void flush();
        }, flushMs);
        timer.unref();
      }
    },

    /** Writes the usage counted so far (the timer does it every few seconds; shutdown and tests call it). */
    async flushUsage() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },

    list: () => itemsWhere(undefined),

    /** A new key for a client app; the key in clear is in the answer only. */
    async issue(input: { name: string; quotaPerMinute: number; actorId: string | null }): Promise<IssuedApiKey> {
      const key = newApiKey();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiClients)
          .values({
            name: input.name,
            quotaPerMinute: input.quotaPerMinute,
            keyPrefix: key.slice(0, API_KEY_SHOWN_LENGTH),
            keyHash: hashToken(key),
            createdAt: now(),
            createdBy: input.actorId,
          })
          .returning({ id: apiClients.id });
        await record(tx, row!.id, 'issue', input.actorId);
        return row!.id;
      });
      return { client: await itemOf(id), key };
    },

    /** A new secret for an active key; the old one stops at once. Null: no such key, or revoked. */
    async rotate(id: string, actorId: string | null): Promise<IssuedApiKey | null> {
      const key = newApiKey();
      const done = await db.transaction(async (tx) => {
        const rows = await tx
          .update(apiClients)
          .set({ keyPrefix: key.slice(0, API_KEY_SHOWN_LENGTH), keyHash: hashToken(key), rotatedAt: now() })
          .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
          .returning({ id: apiClients.id });
        if (rows.length === 0) return false;
        await record(tx, id, 'rotate', actorId);
        return true;
      });
      return done ? { client: await itemOf(id), key } : null;
    },

    /** Revokes a key for good. Null: no such key; a key already revoked is answered as it is. */
    async revoke(id: string, actorId: string | null): Promise<ApiClientItem | null> {
      const found = await db.transaction(async (tx) => {
        const [row] = await tx.select({ revokedAt: apiClients.revokedAt }).from(apiClients).where(eq(apiClients.id, id)).for('update');
        if (!row) return false;
        if (row.revokedAt) return true;
        await tx.update(apiClients).set({ revokedAt: now(), revokedBy: actorId }).where(eq(apiClients.id, id));
        await record(tx, id, 'revoke', actorId);
        return true;
      });
      return found ? itemOf(id) : null;
    },

    /** Stops the timer and writes what is pending (the app's close). */
    async close() {
      await this.flushUsage();
    },
  };
}

export type ApiClients = ReturnType<typeof createApiClients>;

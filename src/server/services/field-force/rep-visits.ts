// The rep's visit (spec §2 screen 12, issue 12 item 6): one validated rep-visit payload updates a
// field pharmacy: the indexed fields in their columns, every other answer in `answers`, and a
// call-history entry for every save (issue 24: each save is a visit), all in one transaction. With an idempotency key, the same key from the same user answers the
// first result again and writes nothing.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { RepVisitAnswer } from '#shared/api/staff-endpoints.ts';
import { databaseErrorOf, UNIQUE_VIOLATION, type Database, type Transaction } from '../../db/client.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { CALL_FLAG_JOINED_UNIFY } from '#shared/reference/call-flags.ts';
import { callEntries, idempotentRequests } from '../../db/schema.ts';
import { canonicalJson } from '../canonical-json.ts';
import { recordConsent } from '../consents.ts';
import type { PharmacistConfirmation, RecordedBy } from './pharmacist-confirmation.ts';
import { updateFieldPharmacy } from './export-lines.ts';
import { callEntryAnswersOf, rowAfterVisit } from './pharmacy-row.ts';

export type RepVisitPayload = Record<string, unknown> & { pharmacyId: string; callFlag: string; month: number };

/** `idempotencyKey`: the key's first request is still running or failed; `otherBody`: the key was used for another body. */
export type RepVisitResult = { ok: true; answer: RepVisitAnswer; replayed: boolean } | { ok: false; conflict: 'placeId' | 'idempotencyKey' | 'otherBody' };

export interface RepVisitRequest {
  payload: RepVisitPayload;
  byUserId: string;
  /** The Idempotency-Key header, already checked for shape. */
  idempotencyKey?: string;
  /** "METHOD /path", stored with the key: a key reused on another route is refused. */
  route: string;
  /** The rep, their language and where a pharmacist's link starts: a joined_unify visit asks the pharmacist it records (issue 23). */
  recordedBy: RecordedBy;
}

/** The rep's own statements of the joined_unify part (issue 23). */
const STAFF_STATEMENTS = sectionOf('staff-statements-if-joined').boxes ?? [];

async function write(
  tx: Transaction,
  { payload, byUserId, recordedBy }: RepVisitRequest,
  confirmation: Pick<PharmacistConfirmation, 'askIfNew'>,
): Promise<RepVisitAnswer> {
  const current = await updateFieldPharmacy(tx, payload.pharmacyId, (row) => rowAfterVisit(row, payload));
  if (payload.callFlag === CALL_FLAG_JOINED_UNIFY) {
    await recordConsent(tx, {
      fieldPharmacyId: current.id,
      givenBy: 'staff',
      staffUserId: byUserId,
      answers: payload,
      boxes: STAFF_STATEMENTS,
      country: 'it',
      language: recordedBy.language,
      at: new Date(),
    });
    await confirmation.askIfNew(tx, current.id, recordedBy);
  }
  // Every save is a visit (issue 24): a repeat visit with the same outcome counts as much as the first.
  const { note, nextVisit } = callEntryAnswersOf(payload);
  const [entry] = await tx
    .insert(callEntries)
    .values({ pharmacyId: current.id, at: new Date(), byUserId, callFlag: payload.callFlag, month: payload.month, note, nextVisit })
    .returning({ id: callEntries.id });
  return { pharmacyId: current.id, callEntryId: entry!.id };
}

export function createRepVisits(db: Database, confirmation: Pick<PharmacistConfirmation, 'askIfNew'>) {
  return {
    async record(request: RepVisitRequest): Promise<RepVisitResult> {
      try {
        return await db.transaction(async (tx): Promise<RepVisitResult> => {
          const { idempotencyKey: key, byUserId: userId, route } = request;
          if (key) {
            const bodyHash = createHash('sha256').update(canonicalJson(request.payload)).digest('hex');
            // A second request with the key waits here for the first one's transaction to end.
            const claimed = await tx
              .insert(idempotentRequests)
              .values({ userId, key, route, bodyHash })
              .onConflictDoNothing()
              .returning({ key: idempotentRequests.key });
            if (claimed.length === 0) {
              const [first] = await tx
                .select()
                .from(idempotentRequests)
                .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
              // The same key with another body is another visit, which a replay would silently drop.
              if (first?.bodyHash && first.bodyHash !== bodyHash) return { ok: false, conflict: 'otherBody' };
              if (!first?.answer || first.route !== route) return { ok: false, conflict: 'idempotencyKey' };
              return { ok: true, answer: first.answer as unknown as RepVisitAnswer, replayed: true };
            }
          }
          const answer = await write(tx, request, confirmation);
          if (key)
            await tx
              .update(idempotentRequests)
              .set({ answer: { ...answer } })
              .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
          return { ok: true, answer, replayed: false };
        });
      } catch (error) {
        const dbError = databaseErrorOf(error);
        if (dbError?.code === UNIQUE_VIOLATION && dbError.constraint === 'field_pharmacies_place_id_unique') return { ok: false, conflict: 'placeId' };
        throw error;
      }
    },
  };
}

export type RepVisits = ReturnType<typeof createRepVisits>;

/**
 * How long a used idempotency key is remembered. A rep's phone keeps an offline update until it
 * is back online, which can take days; a month covers any trip.
 */
const IDEMPOTENCY_KEY_DAYS = 30;

/** Forgets idempotency keys older than IDEMPOTENCY_KEY_DAYS; answers how many. */
export async function purgeIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000);
  const deleted = await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, cutoff)).returning({ key: idempotentRequests.key });
  return deleted.length;
}

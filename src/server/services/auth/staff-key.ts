// Every value the secret box seals, moved from one staff key to another in one transaction: by a
// restore under the target's STAFF_SECRET_KEY (db/backup/restore-backup.ts) and by
// `npm run staff -- rotate-staff-key` (docs/decisions/0046).
import { eq, sql } from 'drizzle-orm';
import { staffSecretKey } from '../../config.ts';
import { rowsOf, type Database, type Transaction } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';
import { STORED_NAMES } from '../server-keys.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';

/**
 * The columns the secret box seals (secret-box.ts and its callers), each with the column that names
 * its row to an operator. Raw names, not schema.ts: a restore works on the schema of the backup's
 * migration. A value sealed anywhere else in future is added here, and moves with the key.
 */
const SEALED_COLUMNS = [{ table: 'staff_users', column: 'totp_secret', id: 'id', name: 'email' }] as const;

export interface UnreadableSecret {
  table: string;
  id: string;
  /** What names the row to an operator (a staff user's e-mail). */
  name: string;
}

/** Secrets that open with none of the keys given: the rotation or restore that found them changed nothing. */
export class SecretsUnreadable extends Error {
  readonly unreadable: UnreadableSecret[];
  constructor(unreadable: UnreadableSecret[]) {
    super(
      `${unreadable.length} stored second factor${unreadable.length === 1 ? '' : 's'} (${unreadable.map((u) => u.name).join(', ')}) open${unreadable.length === 1 ? 's' : ''} with none of the keys`,
    );
    this.unreadable = unreadable;
  }
}

/**
 * Opens each sealed value with `open` and seals it again with `seal`, its table locked against
 * writers meanwhile. Throws SecretsUnreadable, listing every value that opens with none of the keys,
 * before the caller's transaction commits: nothing is half moved.
 */
async function resealStoredSecrets(tx: Transaction, open: (sealed: string) => string | null, seal: (plain: string) => string): Promise<number> {
  let resealed = 0;
  const unreadable: UnreadableSecret[] = [];
  for (const { table, column, id, name } of SEALED_COLUMNS) {
    const [t, c, i, n] = [sql.identifier(table), sql.identifier(column), sql.identifier(id), sql.identifier(name)];
    await tx.execute(sql`lock table ${t} in exclusive mode`);
    const rows = rowsOf<{ id: string; name: string; sealed: string }>(
      await tx.execute(sql`select ${i}::text as id, ${n}::text as name, ${c} as sealed from ${t} where ${c} is not null order by 2`),
    );
    for (const row of rows) {
      const plain = open(row.sealed);
      if (plain === null) {
        unreadable.push({ table, id: row.id, name: row.name });
        continue;
      }
      await tx.execute(sql`update ${t} set ${c} = ${seal(plain)} where ${i}::text = ${row.id}`);
      resealed += 1;
    }
  }
  if (unreadable.length > 0) throw new SecretsUnreadable(unreadable);
  return resealed;
}

export interface Rotation {
  resealed: number;
  /** The key was the generated one in app_secrets, which now holds the new key. */
  generated: boolean;
  /** The key came from STAFF_SECRET_KEY, and a generated staff key the database still held was removed. */
  removedStoredKey: boolean;
}

/**
 * Seals every stored secret under the new key in one transaction. Each opens with any key the box
 * has, or with the new key (a rotation run again finds some under it already). Refused with nothing
 * changed (SecretsUnreadable) when one opens with none. When the box's key is the generated one in
 * app_secrets, the new key takes its place there; when it came from STAFF_SECRET_KEY, a generated staff
 * key the database still holds is removed: it opens nothing any more. Then the box seals under the
 * new key and still opens with the old ones, so the server that ran the rotation goes on checking
 * second factors until it is restarted with the new key.
 */
export async function rotateStaffKey(db: Database, box: SecretBox, newKeyText: string): Promise<Rotation> {
  const next = staffSecretKey(newKeyText);
  const [current, ...others] = box.keys;
  const opener = createSecretBox(current!, { opening: [...others, next] });
  const sealer = createSecretBox(next);
  const { generated } = box;
  const rotation = await db.transaction(async (tx) => {
    const resealed = await resealStoredSecrets(
      tx,
      (sealed) => opener.open(sealed),
      (plain) => sealer.seal(plain),
    );
    let removedStoredKey = false;
    if (generated) {
      await tx
        .insert(appSecrets)
        .values({ name: STORED_NAMES.staffSecretKey, value: newKeyText })
        .onConflictDoUpdate({ target: appSecrets.name, set: { value: newKeyText } });
    } else {
      removedStoredKey = (await tx.delete(appSecrets).where(eq(appSecrets.name, STORED_NAMES.staffSecretKey)).returning({ name: appSecrets.name })).length > 0;
    }
    return { resealed, generated, removedStoredKey };
  });
  box.rekey(next, generated);
  return rotation;
}

export type RestoredStaffKey =
  /** Re-sealed under the STAFF_SECRET_KEY given to the restore; the backup's generated staff key was not restored. */
  | { kind: 'resealed'; resealed: number; backupKeyLeftOut: boolean }
  /** No STAFF_SECRET_KEY given: left as they were, under the backup's generated key (restored) or the one its site was given. */
  | { kind: 'kept'; backupKey: boolean };

/**
 * In a restore's transaction, once every row is in: with a STAFF_SECRET_KEY given, every stored
 * secret is opened with the backup's generated staff key (its app_secrets row), or with
 * PREVIOUS_STAFF_SECRET_KEY or the given key itself (a backup whose site was given its key), sealed
 * under the given key, and the backup's generated staff key removed from the target. Without one,
 * nothing changes. SecretsUnreadable when a secret opens with none of those keys.
 */
export async function sealRestoredSecrets(
  tx: Transaction,
  keys: { staffSecretKey: Buffer | null; previousStaffSecretKey: Buffer | null },
): Promise<RestoredStaffKey> {
  // app_secrets came with migration 0015: a backup taken before has no generated key to open with.
  const [table] = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass('public.app_secrets') is not null as present`));
  const [stored] = table?.present
    ? rowsOf<{ value: string }>(await tx.execute(sql`select value from app_secrets where name = ${STORED_NAMES.staffSecretKey}`))
    : [];
  const backupKey = stored?.value ?? null;
  if (!keys.staffSecretKey) return { kind: 'kept', backupKey: backupKey !== null };
  const opener = createSecretBox(keys.staffSecretKey, { opening: [backupKey === null ? null : staffSecretKey(backupKey), keys.previousStaffSecretKey] });
  const sealer = createSecretBox(keys.staffSecretKey);
  const resealed = await resealStoredSecrets(
    tx,
    (sealed) => opener.open(sealed),
    (plain) => sealer.seal(plain),
  );
  if (backupKey !== null) await tx.execute(sql`delete from app_secrets where name = ${STORED_NAMES.staffSecretKey}`);
  return { kind: 'resealed', resealed, backupKeyLeftOut: backupKey !== null };
}

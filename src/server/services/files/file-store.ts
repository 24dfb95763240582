// Uploaded files (photos, certificates) live in the database, on PGlite and PostgreSQL alike: a
// `files` row and its bytes in `file_contents`, written together. So every server serves every
// file, one backup holds everything, and whoever deletes a row deletes its bytes in the same
// transaction (the foreign key cascades). Decision 0009.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { fileContents, files } from '../../db/schema.ts';

/** A storage name as this server makes them: random, with the stored type's extension. Checked before any lookup. */
export const STORAGE_NAME = /^[A-Za-z0-9_-]{10,80}\.(jpg|png|pdf|heic|heif)$/;

export type NewFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt'> & { content: Buffer };

// The bytes travel as base64 text that the database decodes (and encodes on the way out): PGlite
// hands a binary parameter or result over byte by byte, about ten times slower (a 0.75 MB photo:
// some 360 ms in, 150 ms out, on the server's own thread; as hex 33 ms and 8 ms). Base64 is a third
// shorter than hex, and PGlite's cost grows with the text (it measures a parameter's UTF-8 length
// character by character, on the server's thread): inserting that photo took 13 and 28 ms against
// 19 and 32 ms as hex (p25 of two alternated runs of 20 on a busy machine; decision 0038).
// PostgreSQL does about the same work either way.
/** A file's bytes as an SQL value for a bytea column. */
export const byteaOf = (content: Buffer): SQL<Buffer> => sql<Buffer>`decode(${content.toString('base64')}, 'base64')`;

/** A bytea value as base64 text (PostgreSQL breaks its lines at 76 characters; Buffer.from reads them). */
const base64Of = (value: SQL | typeof fileContents.content) => sql<string>`encode(${value}, 'base64')`;

/** The hex SHA-256 of a file's bytes, kept with its row (`files.sha256`): the review desk's same-photo flag. */
export const sha256Of = (content: Buffer): string => createHash('sha256').update(content).digest('hex');

/** Inserts a file's row and its bytes; the caller holds the transaction that makes them one. */
export async function insertFile(tx: Queryable, file: NewFile): Promise<string> {
  const { content, ...row } = file;
  const [stored] = await tx
    .insert(files)
    .values({ ...row, sha256: sha256Of(content) })
    .returning({ id: files.id });
  await tx.insert(fileContents).values({ fileId: stored!.id, content: byteaOf(content) });
  return stored!.id;
}

/** Stores a file (row and bytes) in a transaction of its own; returns the row's id. */
export function storeFile(db: Database, file: NewFile): Promise<string> {
  return db.transaction((tx) => insertFile(tx, file));
}

/** The bytes stored under a storage name, or null (no such file, a name this server never makes, or no bytes). */
export async function readFileContent(db: Queryable, storageName: string): Promise<Buffer | null> {
  if (!STORAGE_NAME.test(storageName)) return null;
  const [row] = await db
    .select({ text: base64Of(fileContents.content) })
    .from(fileContents)
    .innerJoin(files, eq(files.id, fileContents.fileId))
    .where(eq(files.storageName, storageName));
  return row ? Buffer.from(row.text, 'base64') : null;
}

/** Bytes read from the database per query when a file is served: a photo (up to about 1 MB) in a few, a certificate (up to 5 MB) in twenty. */
const FILE_CHUNK_BYTES = 256 * 1024;

/** The stored size of a file's bytes, for a query that looks its row up before serving it. */
export const contentSize = sql<number>`octet_length(${fileContents.content})`.mapWith(Number);

/** A certificate's row, when it has its bytes (its download: routes/certificates.ts). */
export async function findCertificateFile(db: Queryable, fileId: string) {
  const [row] = await db
    .select({ id: files.id, storageName: files.storageName, mime: files.mime, size: contentSize })
    .from(files)
    .innerJoin(fileContents, eq(fileContents.fileId, files.id))
    .where(and(eq(files.id, fileId), eq(files.kind, 'certificate')));
  return row ?? null;
}

/**
 * A file's bytes as a stream for a response, read from the database a chunk at a time as the
 * client takes them (issue 27): a slow client or many at once hold a chunk each, never the file
 * and its text whole. `size` is its stored size (`contentSize`), sent as the Content-Length;
 * a file deleted or cut short meanwhile ends the stream with an error (the response is cut off).
 * No transaction holds the chunks together: PGlite's one connection would wait on the client.
 */
export function fileContentStream(db: Queryable, storageName: string, size: number, chunkBytes = FILE_CHUNK_BYTES): Readable {
  let offset = 0;
  return new Readable({
    // One chunk in the stream's buffer at most: the next is read once the socket has taken it.
    highWaterMark: 1,
    read() {
      if (offset >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkBytes, size - offset);
      db.select({ text: base64Of(sql`substring(${fileContents.content} from ${offset + 1} for ${length})`) })
        .from(fileContents)
        .innerJoin(files, eq(files.id, fileContents.fileId))
        .where(eq(files.storageName, storageName))
        .then(([row]) => {
          const chunk = row ? Buffer.from(row.text, 'base64') : null;
          if (chunk?.length !== length) throw new Error(`file ${storageName} changed while it was served`);
          offset += length;
          this.push(chunk);
          if (offset >= size) this.push(null);
        })
        .catch((error: unknown) => this.destroy(error as Error));
    },
  });
}

/** Deletes a file, row and bytes; true when there was one. */
export async function deleteFile(db: Queryable, storageName: string): Promise<boolean> {
  if (!STORAGE_NAME.test(storageName)) return false;
  const deleted = await db.delete(files).where(eq(files.storageName, storageName)).returning({ id: files.id });
  return deleted.length > 0;
}

// Applicant photos: checked by content (never by name), their declared size read from the header
// and refused above the pixel limit before any decoding, then re-encoded on the image pool so that
// no metadata (EXIF, GPS) and nothing but pixels survive, and stored in the database
// (file-store.ts) with a random name.
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { applications, fileContents, files } from '../../db/schema.ts';
import { LISTED_STATUS } from '../finder.ts';
import { contentSize, storeFile } from './file-store.ts';
import { declaredSize, imagePool, ImagePoolBusy, MAX_INPUT_PIXELS, type ImagePool } from './image-work.ts';
import { loadSharp } from './sharp.ts';

/** Photos are shown small (400x400 capture); larger ones are scaled down to this box. */
const MAX_PHOTO_EDGE = 1600;
export const PHOTO_NAME = /^[A-Za-z0-9_-]{10,80}\.(jpg|png)$/;

// No AVIF: an AV1 decode costs far more per pixel than JPEG or PNG, a photo form does not need it
// (phones and cameras save JPEG or HEIC, screenshots PNG), and a refused type costs nothing. HEIC
// when this build of sharp reads it.
const acceptedMime = async (mime: string) => {
  if (['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(mime)) return true;
  if (mime !== 'image/heic' && mime !== 'image/heif') return false;
  return (await loadSharp()).format.heif.input.fileSuffix?.includes('.heic') ?? false;
};

type PhotoResult =
  | { ok: true; id: string; filename: string; mime: string; bytes: number }
  | { ok: false; reason: 'tooBig' | 'notBase64' | 'wrongFormat' | 'unreadable' | 'tooManyPixels' | 'busy' };

export const photoMime = (filename: string) => (filename.endsWith('.png') ? 'image/png' : 'image/jpeg');

export async function reencodePhoto(input: Buffer, sourceMime: string): Promise<{ buffer: Buffer; ext: 'jpg' | 'png' }> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true });
  // No withMetadata/keepExif: sharp drops all metadata by default, which is the point.
  if (sourceMime === 'image/png') return { buffer: await image.png().toBuffer(), ext: 'png' };
  return { buffer: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(), ext: 'jpg' };
}

export interface PhotoStore {
  save(input: Buffer): Promise<PhotoResult>;
}

export function createPhotoStore(db: Database, pool: ImagePool = imagePool): PhotoStore {
  return {
    async save(input) {
      if (input.length > MAX_UPLOAD_BYTES) return { ok: false, reason: 'tooBig' };
      const type = await fileTypeFromBuffer(input);
      if (!type || !(await acceptedMime(type.mime))) return { ok: false, reason: 'wrongFormat' };
      const size = await declaredSize(input);
      if (!size.ok) return { ok: false, reason: size.reason };
      let encoded;
      try {
        encoded = await pool.run(() => reencodePhoto(input, type.mime));
      } catch (error) {
        if (error instanceof ImagePoolBusy) return { ok: false, reason: 'busy' };
        return { ok: false, reason: 'unreadable' };
      }
      const filename = `${randomBytes(16).toString('base64url')}.${encoded.ext}`;
      const id = await storeFile(db, {
        kind: 'photo',
        storageName: filename,
        mime: photoMime(filename),
        originalMime: type.mime,
        bytes: encoded.buffer.length,
        content: encoded.buffer,
      });
      return { ok: true, id, filename, mime: photoMime(filename), bytes: encoded.buffer.length };
    },
  };
}

type PhotoOwner = ({ kind: 'listed' } | { kind: 'unlisted'; editTokenHash: string } | { kind: 'temp' }) & { size: number };

/** Whose photo a stored file is: a listed (approved) application's, another application's, or nobody's yet; and its stored size. Null without a row or its bytes. */
export async function photoOwner(db: Queryable, storageName: string): Promise<PhotoOwner | null> {
  const [row] = await db
    .select({ applicationId: files.applicationId, status: applications.status, editTokenHash: applications.editTokenHash, size: contentSize })
    .from(files)
    .innerJoin(fileContents, eq(fileContents.fileId, files.id))
    .leftJoin(applications, eq(applications.id, files.applicationId))
    .where(and(eq(files.storageName, storageName), eq(files.kind, 'photo')));
  if (!row) return null;
  const { size } = row;
  if (!row.applicationId || !row.editTokenHash) return { kind: 'temp', size };
  return row.status === LISTED_STATUS ? { kind: 'listed', size } : { kind: 'unlisted', editTokenHash: row.editTokenHash, size };
}

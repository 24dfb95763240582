// German training certificates: checked by content (pdf, jpeg, png, heic), stored in the database
// (file-store.ts) with a random name, in the application's save, and never on a public path. A PDF
// is kept as sent (a reviewer needs the original document) once a PDF parser found it whole and
// free of active content; an image is decoded within the pixel limit and re-encoded at full size
// without its metadata (EXIF, GPS), HEIC as JPEG when this build of sharp can decode it.
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { declaredSize, imagePool, MAX_INPUT_PIXELS, type ImagePool } from './image-work.ts';
import { checkPdf } from './pdf-check.ts';

import { FileErrorKey } from '#shared/schemas/registration-steps.ts';
import { loadSharp } from './sharp.ts';

export { FileErrorKey };

/** HEIC photos of a paper certificate come from iPhones: brands heic/heix are image/heic, mif1 image/heif. */
const CERTIFICATE_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

export type CertificateCheck =
  { ok: true; content: Buffer; mime: string; ext: string; originalMime: string } | { ok: false; error: (typeof FileErrorKey)[keyof typeof FileErrorKey] };

async function reencodeCertificateImage(input: Buffer, mime: string): Promise<{ content: Buffer; mime: string; ext: string }> {
  // Full size (a reviewer reads it); rotate() applies the EXIF orientation before the metadata goes.
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  if (mime === 'image/png') return { content: await image.png().toBuffer(), mime: 'image/png', ext: 'png' };
  return { content: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer(), mime: 'image/jpeg', ext: 'jpg' };
}

type CertificateType = { ok: true; mime: string; ext: string } | { ok: false; error: (typeof FileErrorKey)[keyof typeof FileErrorKey] };

/** The cheap part of the check (size, type by content), for validating a submission before its bot check. */
export async function certificateType(content: Buffer): Promise<CertificateType> {
  if (content.length === 0) return { ok: false, error: FileErrorKey.required };
  if (content.length > MAX_UPLOAD_BYTES) return { ok: false, error: FileErrorKey.fileTooBig };
  const type = await fileTypeFromBuffer(content);
  const ext = type ? CERTIFICATE_MIME[type.mime] : undefined;
  if (!type || !ext) return { ok: false, error: FileErrorKey.fileType };
  return { ok: true, mime: type.mime, ext };
}

/** Checks a certificate by content and returns what is to be stored (a checked PDF, or a clean re-encoded image). */
export async function checkCertificate(content: Buffer, pool: ImagePool = imagePool): Promise<CertificateCheck> {
  const type = await certificateType(content);
  if (!type.ok) return type;
  const { ext } = type;
  if (type.mime === 'application/pdf') {
    const pdf = await pool.run(() => checkPdf(content)).catch(() => ({ ok: false, reason: 'unreadable' }) as const);
    if (!pdf.ok) return { ok: false, error: pdf.reason === 'activeContent' ? FileErrorKey.fileActiveContent : FileErrorKey.fileUnreadable };
    return { ok: true, content, mime: type.mime, ext, originalMime: type.mime };
  }
  const size = await declaredSize(content);
  if (!size.ok) return { ok: false, error: FileErrorKey.fileUnreadable };
  try {
    const encoded = await pool.run(() => reencodeCertificateImage(content, type.mime));
    return { ok: true, ...encoded, originalMime: type.mime };
  } catch {
    return { ok: false, error: FileErrorKey.fileUnreadable };
  }
}

/** A checked certificate as the application's save stores it (row and bytes, in its transaction). */
export interface CertificateToStore {
  storageName: string;
  mime: string;
  /** The type detected in the upload (a HEIC certificate is stored as JPEG). */
  originalMime: string;
  bytes: number;
  content: Buffer;
}

export function certificateToStore(check: { content: Buffer; mime: string; ext: string; originalMime?: string }): CertificateToStore {
  const storageName = `${randomBytes(16).toString('base64url')}.${check.ext}`;
  return { storageName, mime: check.mime, originalMime: check.originalMime ?? check.mime, bytes: check.content.length, content: check.content };
}

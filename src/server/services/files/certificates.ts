// German training certificates: checked by content (pdf, jpeg, png, heic), stored privately under
// DATA_DIR/files/certificates with a random name, never on a public path. Unlike photos they are
// kept as sent: a reviewer needs the original document.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';

export const FileErrorKey = {
  required: 'validation.required',
  fileType: 'validation.fileType',
  fileTooBig: 'validation.fileTooBig',
} as const;

/** HEIC photos of a paper certificate come from iPhones: brands heic/heix are image/heic, mif1 image/heif. */
const CERTIFICATE_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

const STORAGE_NAME = /^[A-Za-z0-9_-]{22}\.(pdf|jpg|png|heic|heif)$/;

export type CertificateCheck = { ok: true; mime: string; ext: string } | { ok: false; error: (typeof FileErrorKey)[keyof typeof FileErrorKey] };

export async function checkCertificate(content: Buffer): Promise<CertificateCheck> {
  if (content.length === 0) return { ok: false, error: FileErrorKey.required };
  if (content.length > MAX_UPLOAD_BYTES) return { ok: false, error: FileErrorKey.fileTooBig };
  const type = await fileTypeFromBuffer(content);
  const ext = type ? CERTIFICATE_MIME[type.mime] : undefined;
  if (!type || !ext) return { ok: false, error: FileErrorKey.fileType };
  return { ok: true, mime: type.mime, ext };
}

export interface StoredCertificate {
  storageName: string;
  mime: string;
  bytes: number;
}

export function createCertificateStore(dataDir: string) {
  const dir = path.join(dataDir, 'files', 'certificates');
  const pathOf = (storageName: string) => (STORAGE_NAME.test(storageName) ? path.join(dir, storageName) : null);
  return {
    dir,
    pathOf,
    async write(content: Buffer, check: { mime: string; ext: string }): Promise<StoredCertificate> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const storageName = `${randomBytes(16).toString('base64url')}.${check.ext}`;
      const target = path.join(dir, storageName);
      await writeFile(`${target}.part`, content, { mode: 0o600 });
      await rename(`${target}.part`, target);
      return { storageName, mime: check.mime, bytes: content.length };
    },
    async remove(storageName: string) {
      const file = pathOf(storageName);
      if (file) await unlink(file).catch(() => undefined);
    },
  };
}

export type CertificateStore = ReturnType<typeof createCertificateStore>;

// Reads a multipart form (the German submit, spec §7) into text fields and at most one file,
// within explicit limits. Every way a body can be wrong (too many parts, a part too big, a body
// cut off, a forbidden field name) ends as a 4xx answer, never a 500 or a hang.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { FileErrorKey } from '../services/files/certificates.ts';
import { unsafeField } from './unsafe-text.ts';

const MULTIPART_LIMITS = {
  files: 1,
  fields: 80,
  parts: 81,
  fileSize: MAX_UPLOAD_BYTES,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

/** The only file part a form may carry. */
const FILE_FIELD = 'file';

export type MultipartForm =
  { ok: true; fields: Record<string, string>; file: Buffer | null } | { ok: false; httpStatus: 400 | 413; errors: Record<string, string> };

export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let problem: Extract<MultipartForm, { ok: false }> | null = null;
  const refuse = (httpStatus: 400 | 413, errors: Record<string, string>) => {
    problem ??= { ok: false, httpStatus, errors };
  };

  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (name !== FILE_FIELD || file) {
          part.file.resume();
          refuse(400, { [name === FILE_FIELD ? FILE_FIELD : '_']: ErrorKey.invalid });
          continue;
        }
        const content = await part.toBuffer();
        if (content.length > 0 || part.filename) file = content;
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) refuse(413, { [part.fieldnameTruncated ? '_' : name]: ErrorKey.tooLong });
      else if (FORBIDDEN_NAMES.has(name) || typeof part.value !== 'string') refuse(400, { _: ErrorKey.invalid });
      else if (Object.hasOwn(fields, name)) refuse(400, { [name]: ErrorKey.invalid });
      else if (unsafeField(part.value) || unsafeField(name)) refuse(400, { [unsafeField(name) ? '_' : name]: ErrorKey.invalid });
      else fields[name] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    request.log.info({ code, reason: (error as Error).message }, 'multipart body refused');
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { ok: false, httpStatus: 413, errors: { [FILE_FIELD]: FileErrorKey.fileTooBig } };
    if (code === 'FST_FILES_LIMIT') return { ok: false, httpStatus: 400, errors: { [FILE_FIELD]: ErrorKey.invalid } };
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return { ok: false, httpStatus: 413, errors: { _: ErrorKey.tooLong } };
    // Truncated or malformed bodies, prototype names, JSON fields that do not parse.
    return { ok: false, httpStatus: 400, errors: { _: ErrorKey.invalid } };
  }
  return problem ?? { ok: true, fields, file };
}

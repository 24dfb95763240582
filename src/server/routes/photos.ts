// POST /api/save-temp-pharmacist-image (spec §7) and GET /files/photos/:name.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { MAX_BASE64_UPLOAD_CHARS } from '#shared/limits.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { failed, invalid, isPlainObject, WHOLE_BODY_INVALID } from '../http/answers.ts';
import { decodeBase64Image, photoMime, type PhotoStore } from '../services/files/photos.ts';

const UploadSchema = z.object({
  data: z.string({ error: ErrorKey.required }).min(1, { error: ErrorKey.required }).max(MAX_BASE64_UPLOAD_CHARS, { error: ErrorKey.tooLong }),
});

/** Room for the JSON around the base64 text. */
export const UPLOAD_BODY_LIMIT = MAX_BASE64_UPLOAD_CHARS + 4096;

export async function photoRoutes(app: FastifyInstance, deps: { photos: PhotoStore; rateLimit: { max: number; timeWindow: string } }) {
  app.post('/api/save-temp-pharmacist-image', { bodyLimit: UPLOAD_BODY_LIMIT, config: { rateLimit: deps.rateLimit, oversizedUpload: true } }, async (request, reply) => {
    if (!isPlainObject(request.body)) return invalid(reply, WHOLE_BODY_INVALID);
    const parsed = UploadSchema.safeParse(request.body);
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((i) => i.message === ErrorKey.tooLong);
      return tooLong ? failed(reply, 413, ApiMessage.tooBig) : invalid(reply, { data: parsed.error.issues[0]?.message ?? ErrorKey.invalid });
    }
    const bytes = decodeBase64Image(parsed.data.data);
    if (!bytes) return invalid(reply, { data: ErrorKey.invalid });
    const saved = await deps.photos.save(bytes);
    if (saved.ok) return reply.code(200).send({ status: 'ok', filename: saved.filename, target_id: saved.id });
    if (saved.reason === 'tooBig') return failed(reply, 413, ApiMessage.tooBig);
    if (saved.reason === 'unreadable') return failed(reply, 422, ApiMessage.wrongFormat);
    return failed(reply, 415, ApiMessage.wrongFormat);
  });

  app.get('/files/photos/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = deps.photos.pathOf(name);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return failed(reply, 404, ApiMessage.notFound);
    // Names are random and never reused, so the content of a name never changes.
    return reply
      .header('content-type', photoMime(name))
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(createReadStream(file));
  });
}

// POST /api/save-temp-pharmacist-image (spec §7) and GET /files/photos/:name.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/endpoints.ts';
import type { PhotoUploadSchema } from '#shared/api/endpoints.ts';
import { MAX_BASE64_UPLOAD_CHARS } from '#shared/limits.ts';
import { ApiMessage, PHOTO_URL_PREFIX } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { failed, invalid } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { decodeBase64Image, photoMime, type PhotoStore } from '../services/files/photos.ts';

/** Room for the JSON around the base64 text. */
export const UPLOAD_BODY_LIMIT = MAX_BASE64_UPLOAD_CHARS + 4096;

export async function photoRoutes(app: FastifyInstance, deps: { photos: PhotoStore; rateLimit: { max: number; timeWindow: string } }) {
  const upload = parseBody(Api.savePhoto.request, {
    refuse: (reply, error) => {
      const tooLong = error.issues.some((i) => i.message === ErrorKey.tooLong);
      return tooLong ? failed(reply, 413, ApiMessage.tooBig) : invalid(reply, { data: error.issues[0]?.message ?? ErrorKey.invalid });
    },
  });
  type UploadBody = { Body: z.output<typeof PhotoUploadSchema> };
  app.post<UploadBody>(Api.savePhoto.path, { bodyLimit: UPLOAD_BODY_LIMIT, preHandler: upload, config: { rateLimit: deps.rateLimit, oversizedUpload: true } }, async (request, reply) => {
    const bytes = decodeBase64Image(request.body.data);
    if (!bytes) return invalid(reply, { data: ErrorKey.invalid });
    const saved = await deps.photos.save(bytes);
    if (saved.ok) return reply.code(200).send({ status: 'ok', filename: saved.filename, target_id: saved.id });
    if (saved.reason === 'tooBig') return failed(reply, 413, ApiMessage.tooBig);
    if (saved.reason === 'unreadable') return failed(reply, 422, ApiMessage.wrongFormat);
    return failed(reply, 415, ApiMessage.wrongFormat);
  });

  app.get(`${PHOTO_URL_PREFIX}:name`, async (request, reply) => {
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

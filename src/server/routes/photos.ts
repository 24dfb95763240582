// POST /api/save-temp-pharmacist-image (spec §7) and GET /files/photos/:name (public only once
// the application is approved, issue #13 item 5).
import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { DAILY_UPLOAD_BYTES_PER_CLIENT, MAX_BASE64_UPLOAD_CHARS } from '#shared/limits.ts';
import * as Api from '#shared/api/endpoints.ts';
import { ApiMessage, PHOTO_URL_PREFIX } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { rolesFor } from '../http/access-policy.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { forbidden, sessionCookieName, unauthorized } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { failed, invalid, unavailable } from '../http/answers.ts';
import { WHOLE_BODY_INVALID } from '../services/check-body.ts';
import { parseBody } from '../http/parse-body.ts';
import type { CaptchaService } from '../services/captcha.ts';
import { chargeDailyQuota, clientAddressKey } from '../services/daily-quota.ts';
import { fileContentStream } from '../services/files/file-store.ts';
import { PHOTO_NAME, photoMime, photoOwner, type PhotoStore } from '../services/files/photos.ts';
import { uploadBodyReader, type UploadBody } from '../services/files/upload-body.ts';
import { hashToken } from '../services/tokens.ts';
import { streamBody } from '../http/stream-body.ts';
import { readMultipartForm } from '../http/multipart.ts';
import type { Release, UploadQueue } from '../services/files/upload-queue.ts';

/** What the handler reads from the body: the upload's own solved bot check (the browser solves one in the background). */
const UploadTokenSchema = z.object({ recaptchaToken: Api.PhotoUploadSchema.shape.recaptchaToken });

export const UPLOAD_QUOTA_SCOPE = 'upload-bytes';

export interface PhotoRouteDeps {
  photos: PhotoStore;
  captcha: CaptchaService;
  db: Queryable;
  /** Staff sessions: reviewers and the main admin may see photos that are not public yet. */
  auth: AuthService;
  config: Pick<Config, 'production'>;
  rateLimit: { max: number; timeWindow: string };
  /** Bytes one client address may upload per UTC day (default DAILY_UPLOAD_BYTES_PER_CLIENT). */
  dailyBytes?: number;
  /** Admission and the turn at the image work (shared with /readyz). */
  uploads: UploadQueue;
}

/** Room for the JSON around the base64 text. */
const UPLOAD_BODY_LIMIT = MAX_BASE64_UPLOAD_CHARS + 4096;

/** What was read from an upload's body, kept beside its request (the decoded bytes are not put in its body, which hooks walk). */
const uploads = new WeakMap<object, UploadBody>();

/**
 * The project's own browser sends the photo as a multipart form (`file`, `recaptchaToken`): its
 * bytes as they are, read by @fastify/multipart (busboy) within the form limits of
 * http/multipart.ts. The spec's JSON body is read by upload-body.ts (docs/decisions/0043).
 */
async function readMultipartUpload(request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) return undefined;
  const form = await readMultipartForm(request);
  if (!form.ok) return form.httpStatus === 413 ? failed(reply, 413, ApiMessage.tooBig) : invalid(reply, form.errors);
  const { file } = form;
  uploads.set(request, {
    ok: true,
    recaptchaToken: form.fields.recaptchaToken,
    data: file && file.length > 0 ? { kind: 'bytes', bytes: file } : { kind: 'missing' },
  });
  request.body = { recaptchaToken: form.fields.recaptchaToken };
  return undefined;
}

/** The refusals of the upload's data, in the order the route answers them, before its bot check. */
function refuseUnreadableUpload(request: object, reply: FastifyReply) {
  const upload = uploads.get(request);
  // Any other content type is never read.
  if (!upload?.ok) return invalid(reply, WHOLE_BODY_INVALID);
  if (upload.data.kind === 'missing') return invalid(reply, { data: ErrorKey.required });
  if (upload.data.kind === 'tooLong') return failed(reply, 413, ApiMessage.tooBig);
  return undefined;
}

/** Each admitted upload's place, given back however its request ends. */
const admissions = new WeakMap<object, Release>();
const giveBackPlace = async (request: object) => admissions.get(request)?.();

export async function photoRoutes(app: FastifyInstance, deps: PhotoRouteDeps) {
  await app.register(async (scope) => {
    // This route's JSON is read as it arrives, into the token and the decoded bytes: the body and
    // its base64 text are never held whole (services/files/upload-body.ts, decision 0038).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
      const declared = Number(request.headers['content-length']);
      const reader = uploadBodyReader({ expectedBytes: Number.isFinite(declared) ? declared : undefined });
      await streamBody(request, payload, UPLOAD_BODY_LIMIT, reader.write);
      const body = reader.end();
      uploads.set(request, body);
      return body.ok ? { recaptchaToken: body.recaptchaToken } : {};
    });
    scope.post(
      Api.savePhoto.path,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        config: { rateLimit: deps.rateLimit, oversizedUpload: true, uploadBody: 'any' },
        // Before the body is read: a place among the uploads in flight, given back when the
        // response is done or the connection is gone, whichever comes first (and then never again).
        onRequest: async (request, reply) => {
          const release = deps.uploads.admit(clientAddressKey(request.ip));
          if (!release) return unavailable(reply.header('retry-after', '5').header('connection', 'close'));
          admissions.set(request, release);
          reply.raw.once('close', release);
        },
        onResponse: giveBackPlace,
        onRequestAbort: giveBackPlace,
        preHandler: [
          readMultipartUpload,
          async (request, reply) => refuseUnreadableUpload(request, reply),
          parseBody(UploadTokenSchema, { refuse: (reply) => invalid(reply, { recaptchaToken: ErrorKey.captcha }) }),
        ],
      },
      async (request, reply) => {
        const { recaptchaToken } = request.body as z.output<typeof UploadTokenSchema>;
        // The cheap checks first, each before anything costs the server more: a solved challenge
        // (used once), well-formed base64, the client's daily bytes; only then the image itself.
        const captcha = await deps.captcha.redeem(recaptchaToken);
        if (!captcha.ok) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
        const upload = uploads.get(request);
        if (!upload?.ok || upload.data.kind !== 'bytes') return invalid(reply, { data: ErrorKey.invalid });
        const { bytes: view } = upload.data;
        const bytes = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
        const withinQuota = await chargeDailyQuota(deps.db, {
          scope: UPLOAD_QUOTA_SCOPE,
          key: clientAddressKey(request.ip),
          amount: bytes.length,
          limit: deps.dailyBytes ?? DAILY_UPLOAD_BYTES_PER_CLIENT,
        });
        if (!withinQuota) return failed(reply, 429, ApiMessage.tooManyRequests);
        const saved = await withTurn(deps.uploads, () => deps.photos.save(bytes));
        if (saved.ok) return reply.code(200).send({ status: 'ok', filename: saved.filename, target_id: saved.id });
        if (saved.reason === 'tooBig') return failed(reply, 413, ApiMessage.tooBig);
        if (saved.reason === 'busy') return unavailable(reply.header('retry-after', '5'));
        if (saved.reason === 'tooManyPixels' || saved.reason === 'unreadable') return failed(reply, 422, ApiMessage.wrongFormat);
        return failed(reply, 415, ApiMessage.wrongFormat);
      },
    );
  });

  const staffCookie = sessionCookieName(deps.config);
  /** Who may see a photo of an application not (or no longer) listed: the applicant's edit link, reviewers and the main admin. */
  const privateAccess = async (request: FastifyRequest, editTokenHash: string): Promise<'allowed' | 401 | 403> => {
    const { token } = (request.query ?? {}) as { token?: unknown };
    // The edit token is stored as its hash only (docs/decisions/0042): the token given is hashed and compared.
    if (typeof token === 'string' && token !== '') return safeEqual(hashToken(token), editTokenHash) ? 'allowed' : 403;
    const staff = await deps.auth.authenticate(request.cookies[staffCookie]);
    if (!staff || !staff.session.mfaPassed) return 401;
    return rolesFor('application').includes(staff.user.role) ? 'allowed' : 403;
  };

  app.get(`${PHOTO_URL_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const notFound = () => failed(reply.header('cache-control', 'no-store'), 404, ApiMessage.notFound);
    const owner = PHOTO_NAME.test(name) ? await photoOwner(deps.db, name) : null;
    if (!owner) return notFound();
    // Public only while the application is listed, and then kept by any cache for a year: a
    // name's bytes never change (a new photo gets a new random name). A temp upload no
    // application claimed yet is shown to whoever holds its random name, the uploader, but never cached.
    let cacheControl = PRIVATE_PHOTO_CACHE_CONTROL;
    if (owner.kind === 'listed') cacheControl = PUBLIC_PHOTO_CACHE_CONTROL;
    else if (owner.kind === 'unlisted') {
      const access = await privateAccess(request, owner.editTokenHash);
      if (access === 401) return unauthorized(reply.header('cache-control', 'no-store'));
      if (access === 403) return forbidden(reply.header('cache-control', 'no-store'));
    }
    const etag = etagOf(name);
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .header('content-type', photoMime(name))
      .header('content-length', owner.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(fileContentStream(deps.db, name, owner.size));
  });
}

/** Runs the image work in the upload turn, given back when it ends however it ends. */
async function withTurn<T>(uploads: UploadQueue, work: () => Promise<T>): Promise<T> {
  const release = await uploads.turn();
  try {
    return await work();
  } finally {
    release();
  }
}

/** An hour, not a year: a photo is public only while its listing is (docs/decisions/0009). */
export const PUBLIC_PHOTO_CACHE_CONTROL = 'public, max-age=3600';
const PRIVATE_PHOTO_CACHE_CONTROL = 'private, no-store';

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

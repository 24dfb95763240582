// POST /api/drafts and GET /api/drafts/:token: "continue on another device" (issue 3 point 7).
import type { FastifyInstance } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/draft-endpoints.ts';
import { DraftTokenSchema, type DraftRequestSchema } from '#shared/schemas/drafts.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import type { Config } from '../config.ts';
import { failed, invalid, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import type { CaptchaService } from '../services/captcha.ts';
import type { DraftStore } from '../services/drafts.ts';
import { linkOrigin } from '../services/links.ts';
import { refuseWithoutPublicAddress } from '../http/public-address.ts';

export async function draftRoutes(
  app: FastifyInstance,
  deps: { drafts: DraftStore; captcha: CaptchaService; config: Pick<Config, 'publicUrl' | 'marketHosts'>; rateLimit: { max: number; timeWindow: string } },
) {
  app.post<{ Body: z.output<typeof DraftRequestSchema> }>(
    Api.saveDraft.path,
    { preHandler: parseBody(Api.saveDraft.request), config: { rateLimit: deps.rateLimit } },
    async (request, reply) => {
      const draft = request.body;
      const origin = linkOrigin(request, deps.config);
      if (!origin) return refuseWithoutPublicAddress(request, reply, deps.config, 'draft link');
      // A draft sends an e-mail: it needs a solved bot check of its own, used once.
      const captcha = await deps.captcha.redeem(draft.recaptchaToken);
      if (!captcha.ok) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
      const saved = await deps.drafts.save(draft, origin, request.ip);
      if (!saved.ok) {
        request.log.info({ reason: saved.reason }, 'draft not stored: daily cap reached');
        // One message for both caps, so the answer does not tell which one was reached.
        return failed(reply, 429, ApiMessage.tooManyDrafts);
      }
      return okFor(Api.saveDraft, reply);
    },
  );

  app.get(Api.getDraft.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    reply.header('cache-control', 'no-store');
    if (!DraftTokenSchema.safeParse(token).success) return failed(reply, 404, ApiMessage.notFound);
    const draft = await deps.drafts.load(token);
    if (!draft) return failed(reply, 404, ApiMessage.notFound);
    return okFor(Api.getDraft, reply, draft);
  });
}

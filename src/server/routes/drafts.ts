// POST /api/drafts and GET /api/drafts/:token: "continue on another device" (issue 3 point 7).
import type { FastifyInstance } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import { DraftRequestSchema, DraftTokenSchema } from '#shared/schemas/drafts.ts';
import type { Config } from '../config.ts';
import { failed, invalid, invalidFromZod, isPlainObject, ok, WHOLE_BODY_INVALID } from '../http/answers.ts';
import type { DraftStore } from '../services/drafts.ts';
import { linkOrigin } from '../services/links.ts';

export async function draftRoutes(
  app: FastifyInstance,
  deps: { drafts: DraftStore; config: Pick<Config, 'publicUrl' | 'marketHosts'>; rateLimit: { max: number; timeWindow: string } },
) {
  app.post('/api/drafts', { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    if (!isPlainObject(request.body)) return invalid(reply, WHOLE_BODY_INVALID);
    const parsed = DraftRequestSchema.safeParse(request.body);
    if (!parsed.success) return invalidFromZod(reply, parsed.error);
    const origin = linkOrigin(request, deps.config);
    if (!origin) {
      request.log.warn({ host: request.headers.host }, 'draft refused: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
      return reply.code(400).send({ status: 'failed', message: 'invalid' });
    }
    const mailed = await deps.drafts.save(parsed.data, origin);
    if (!mailed) request.log.info('draft not stored: too many drafts for this address in the last hour');
    // The same answer whatever happened: nothing about the address is revealed.
    return reply.code(200).send({ status: 'ok' });
  });

  app.get('/api/drafts/:token', { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    reply.header('cache-control', 'no-store');
    if (!DraftTokenSchema.safeParse(token).success) return failed(reply, 404, ApiMessage.notFound);
    const draft = await deps.drafts.load(token);
    if (!draft) return failed(reply, 404, ApiMessage.notFound);
    return ok(reply, draft);
  });
}

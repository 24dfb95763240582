// GET /api/my-application/:token: where an application stands, for the page behind the status link
// of the "application received" e-mail (issue 25 item 5). Rate-limited like the other token routes.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/my-application-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { StatusTokenSchema } from '#shared/schemas/my-application.ts';
import { failed, ok } from '../http/answers.ts';
import type { MyApplication } from '../services/my-application.ts';

export async function myApplicationRoutes(app: FastifyInstance, deps: { myApplication: MyApplication; rateLimit: { max: number; timeWindow: string } }) {
  app.get(Api.getMyApplication.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    const token = StatusTokenSchema.safeParse((request.params as { token?: unknown }).token);
    const status = token.success ? await deps.myApplication.statusOf(token.data) : null;
    if (!status) return failed(reply, 404, ApiMessage.notFound);
    return ok(reply, status);
  });
}

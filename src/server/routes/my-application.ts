// GET /api/my-application/:token: where an application stands, for the page behind the status link
// of the "application received" e-mail (issue 25 item 5); GET /api/my-application/:token/copy: the
// applicant's copy of their answers as a PDF (issue 41 item 5, decision 0067). Rate-limited like the
// other token routes; a link that names nothing (unknown, expired, erased) answers 404 on both.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as Api from '#shared/api/my-application-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { StatusTokenSchema } from '#shared/schemas/my-application.ts';
import { failed, okFor } from '../http/answers.ts';
import type { ApplicationCopies } from '../services/application-copy.ts';
import type { MyApplication } from '../services/my-application.ts';

export async function myApplicationRoutes(
  app: FastifyInstance,
  deps: { myApplication: MyApplication; copies: ApplicationCopies; rateLimit: { max: number; timeWindow: string } },
) {
  /** Where the link's application stands, with the private page's headers set; null: 404 (answered). */
  const statusFor = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    const token = StatusTokenSchema.safeParse((request.params as { token?: unknown }).token);
    return token.success ? await deps.myApplication.statusOf(token.data) : null;
  };

  app.get(Api.getMyApplication.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const status = await statusFor(request, reply);
    if (!status) return failed(reply, 404, ApiMessage.notFound);
    return okFor(Api.getMyApplication, reply, status);
  });

  app.get(Api.myApplicationCopy.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const status = await statusFor(request, reply);
    const copy = status?.reference ? await deps.copies.copyOf(status.reference) : null;
    if (!copy) return failed(reply, 404, ApiMessage.notFound);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${copy.fileName}"`).send(Buffer.from(copy.pdf));
  });
}

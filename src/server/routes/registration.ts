// POST /api/save-pharmacist and GET /api/get-pharmacist (spec §7).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as Api from '#shared/api/endpoints.ts';
import { routePath } from '#shared/routes.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { EditTokenSchema } from '#shared/schemas/fields.ts';
import { failed, invalid, okFor } from '../http/answers.ts';
import { readMultipartForm } from '../http/multipart.ts';
import type { ApplicationStore, StatusLinkFor } from '../services/applications.ts';
import type { Config } from '../config.ts';
import { applicantLinkBuilder } from '../services/links.ts';
import type { CaptchaService } from '../services/captcha.ts';
import { submitApplication, type SubmitOutcome } from '../services/submit-application.ts';

export interface RegistrationDeps {
  applications: ApplicationStore;
  captcha: CaptchaService;
  config: Pick<Config, 'publicUrl' | 'marketHosts'>;
  rateLimit: { max: number; timeWindow: string };
}

/** The status link of the 'received' e-mail (issue 25 item 5); none when the request's host gives no public origin. */
function statusLinkBuilder(request: FastifyRequest, config: RegistrationDeps['config']): StatusLinkFor {
  const link = applicantLinkBuilder(request, config);
  if (!link) {
    request.log.warn(
      { host: request.headers.host },
      'status link left out of the received e-mail: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)',
    );
    request.server.publicAddress.missing(request, 'status link');
  }
  return (country, language, token) => link?.(country, language, routePath('myApplication', { token })) ?? null;
}

function answer(reply: FastifyReply, outcome: SubmitOutcome) {
  if (outcome.ok) return okFor(Api.savePharmacist, reply, { id: outcome.id, reference: outcome.reference }, ApiMessage.saved);
  return 'invalid' in outcome ? invalid(reply, outcome.invalid) : failed(reply, 409, outcome.conflict);
}

export async function registrationRoutes(app: FastifyInstance, deps: RegistrationDeps) {
  // The German submit is multipart with a certificate of up to 5 MB; the JSON submit is small.
  app.post(Api.savePharmacist.path, { config: { rateLimit: deps.rateLimit, uploadBody: 'multipart' } }, async (request, reply) => {
    if (request.isMultipart()) {
      const form = await readMultipartForm(request);
      if (!form.ok) return reply.code(form.httpStatus).send({ status: 'failed', message: 'invalid', errors: form.errors });
      return answer(reply, await submitApplication(form.fields, deps, form.file, statusLinkBuilder(request, deps.config)));
    }
    return answer(reply, await submitApplication(request.body, deps, null, statusLinkBuilder(request, deps.config)));
  });

  app.get(Api.getPharmacist.path, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = EditTokenSchema.safeParse(query.id);
    if (!token.success) return failed(reply, 404, ApiMessage.notFound);
    const application = await deps.applications.findByEditToken(token.data);
    if (!application) return failed(reply, 404, ApiMessage.notFound);
    reply.header('cache-control', 'no-store');
    return okFor(Api.getPharmacist, reply, application.answers);
  });
}

// "E-mail me a link" (POST /api/update-link, POST /api/data-rights/request) and the data rights
// behind the e-mailed link (GET /api/data-rights/:token, POST /api/data-rights/:token/erase).
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/applicant-link-endpoints.ts';
import type { Contract } from '#shared/api/contract.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { DataRightsTokenSchema, type ApplicantLinkRequestSchema } from '#shared/schemas/applicant-links.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import type { Config } from '../config.ts';
import { failed, invalid, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import type { ApplicantLinks, LinkPurpose } from '../services/applicant-links.ts';
import type { CaptchaService } from '../services/captcha.ts';
import type { DataRights } from '../services/data-rights.ts';
import { linkOrigin } from '../services/links.ts';
import { refuseWithoutPublicAddress } from '../http/public-address.ts';

export interface ApplicantLinkDeps {
  links: ApplicantLinks;
  dataRights: DataRights;
  captcha: CaptchaService;
  config: Pick<Config, 'publicUrl' | 'marketHosts'>;
  rateLimit: { max: number; timeWindow: string };
}

export async function applicantLinkRoutes(app: FastifyInstance, deps: ApplicantLinkDeps) {
  /** The one request handler of both links: the same answer whether or not the address is an applicant's. */
  const linkRequest = (contract: Contract<unknown, undefined, 'POST'>, purpose: LinkPurpose) =>
    app.post<{ Body: z.output<typeof ApplicantLinkRequestSchema> }>(
      contract.path,
      { preHandler: parseBody(contract.request), config: { rateLimit: deps.rateLimit } },
      async (request, reply) => {
        const origin = linkOrigin(request, deps.config);
        if (!origin) return refuseWithoutPublicAddress(request, reply, deps.config, 'applicant link');
        const captcha = await deps.captcha.redeem(request.body.recaptchaToken);
        if (!captcha.ok) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
        deps.links.request(purpose, request.body, origin);
        reply.header('cache-control', 'no-store');
        return okFor(contract, reply);
      },
    );
  linkRequest(Api.requestUpdateLink, 'update');
  linkRequest(Api.requestDataRights, 'dataRights');

  const tokenOf = (params: unknown) => {
    const parsed = DataRightsTokenSchema.safeParse((params as { token?: unknown }).token);
    return parsed.success ? parsed.data : null;
  };

  app.get(Api.getMyData.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = tokenOf(request.params);
    const data = token ? await deps.dataRights.export(token) : null;
    if (!data) return failed(reply, 404, ApiMessage.notFound);
    return okFor(Api.getMyData, reply, data);
  });

  app.post(Api.eraseMyData.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = tokenOf(request.params);
    const erased = token ? await deps.dataRights.erase(token) : false;
    if (!erased) return failed(reply, 404, ApiMessage.notFound);
    return okFor(Api.eraseMyData, reply);
  });
}

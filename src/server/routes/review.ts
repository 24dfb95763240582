// The review desk API (issue 13, DESIGN §6): reviewers and the main admin only (access policy
// `application`); the reviewer accounts for the main admin only (`reviewers`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/review-endpoints.ts';
import { MARKET_LANGUAGE, isCountry } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { UUID_PATTERN } from '#shared/schemas/fields.ts';
import { FormApi, type PayloadOf } from '#shared/api/form-endpoints.ts';
import { ReviewListQuerySchema, ReviewMessage, type DecisionSchema, type ReviewDetail } from '#shared/schemas/review.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { failed, invalid, invalidFromZod, ok } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { actorOf, requireJson, requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { linkOrigin, marketBase } from '../services/links.ts';
import type { EditLinkFor, ReviewDesk } from '../services/review/review-desk.ts';
import type { Reviewers } from '../services/review/reviewers.ts';

/** The applicant's edit link: on the market's own host when MARKET_HOSTS names one, else under its path prefix. */
function editLinkBuilder(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'marketHosts'>): EditLinkFor | null {
  if (!linkOrigin(request, config)) return null;
  return (country, language, token) => {
    const lang = isCountry(country) && MARKET_LANGUAGE[country] === language ? '' : `?lang=${encodeURIComponent(language)}`;
    return `${marketBase(request, config, country)}${routePath('editRedirect', { id: token })}${lang}`;
  };
}

export async function reviewRoutes(app: FastifyInstance, deps: { auth: AuthService; desk: ReviewDesk; reviewers: Reviewers; config: Config }) {
  const { auth, desk, reviewers, config } = deps;
  const reviewStaff = requireStaff(auth, config, rolesFor('application'));
  const oneApplication = [reviewStaff, requireAccess('application', { id: { from: 'params', name: 'id' }, load: (id) => desk.exists(id) })];
  const mainAdmin = requireStaff(auth, config, rolesFor('reviewers'));

  app.get(Api.applications.path, { preHandler: reviewStaff }, async (request, reply) => {
    const query = ReviewListQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    const { q, ...rest } = query.data;
    return ok(reply, await desk.list({ ...rest, q: q || undefined }));
  });

  app.get(Api.application.path, { preHandler: oneApplication }, async (request, reply) => {
    const detail: ReviewDetail | null = await desk.detail(accessed(request).id);
    if (!detail) return failed(reply, 404, ApiMessage.notFound);
    return ok(reply, detail);
  });

  app.post<{ Body: z.output<typeof DecisionSchema> }>(
    Api.decision.path,
    { onRequest: requireJson, preHandler: [...oneApplication, parseBody(Api.decision.request)] },
    async (request, reply) => {
      const editLinkFor = editLinkBuilder(request, config);
      if (!editLinkFor) {
        request.log.warn({ host: request.headers.host }, 'decision refused: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
        return invalid(reply, { _: 'validation.invalid' });
      }
      const { decision, reason } = request.body;
      const result = await desk.decide(accessed(request).id, decision, reason.trim(), request.staff!.user.id, editLinkFor);
      if (!result.ok) return result.reason === 'notFound' ? failed(reply, 404, ApiMessage.notFound) : failed(reply, 409, ReviewMessage.invalidTransition);
      request.log.info({ by: request.staff!.user.id, applicationId: accessed(request).id, decision, mailId: result.mailId }, 'review decision');
      return ok(reply, { status: result.status });
    },
  );

  app.get(Api.reviewers.path, { preHandler: mainAdmin }, async (_request, reply) => ok(reply, await reviewers.list()));

  app.post<{ Body: PayloadOf<'add-reviewer'> }>(
    FormApi['add-reviewer'].path,
    { onRequest: requireJson, preHandler: [mainAdmin, parseBody(FormApi['add-reviewer'].request)] },
    async (request, reply) => {
      const { email, firstName, lastName } = request.body;
      // The form asks no language: sign-in mails go out in English, as the page has always sent them (decision 0018).
      const added = await reviewers.add({ email, firstName, lastName, language: 'en' }, request.staff!.user.id, actorOf(request));
      if (added === 'duplicate') return failed(reply, 409, ApiMessage.emailRegistered);
      return ok(reply, { id: added.id });
    },
  );

  app.post(Api.disableReviewer.path, { onRequest: requireJson, preHandler: mainAdmin }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!UUID_PATTERN.test(id)) return invalid(reply, { id: 'validation.invalid' });
    if (!(await reviewers.disable(id.toLowerCase(), request.staff!.user.id, actorOf(request)))) return failed(reply, 404, ApiMessage.notFound);
    return ok(reply);
  });
}

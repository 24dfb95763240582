// The review desk API (issue 13, DESIGN §6): reviewers and the main admin only (access policy
// `application`); the reviewer accounts for the main admin only (`reviewers`). Issue 25: internal
// notes, claims (a decision on someone else's claim is refused with 409 unless it confirms), the
// queue's age bands, and the new reviewer's welcome e-mail.
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/review-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { UUID_PATTERN } from '#shared/schemas/fields.ts';
import { FormApi, type PayloadOf } from '#shared/api/form-endpoints.ts';
import {
  ReviewListQuerySchema,
  ReviewMessage,
  type ClaimSchema,
  type DecisionSchema,
  type InternalNoteSchema,
  type ReviewDetail,
} from '#shared/schemas/review.ts';
import { ALL_MARKETS, outsideMarkets } from '#shared/schemas/reviewer-markets.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { failed, invalid, invalidFromZod, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { actorOf, requireJson, requireStaff } from '../http/staff.ts';
import type { ActivityLog } from '../services/activity-log.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { welcomeNewStaff } from '../services/auth/staff-welcome.ts';
import type { Mailer } from '../services/mail/outbox.ts';
import { applicantLinkBuilder } from '../services/links.ts';
import type { ReviewClaims } from '../services/review/review-claims.ts';
import type { ReviewDesk } from '../services/review/review-desk.ts';
import type { Reviewers } from '../services/review/reviewers.ts';
import { refuseWithoutPublicAddress } from '../http/public-address.ts';

export async function reviewRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    desk: ReviewDesk;
    claims: ReviewClaims;
    reviewers: Reviewers;
    config: Config;
    mailer: Mailer;
    activityLog: Pick<ActivityLog, 'recordView'>;
  },
) {
  const { auth, desk, claims, reviewers, config } = deps;
  const reviewStaff = requireStaff(auth, config, rolesFor('application'));
  const oneApplication = [reviewStaff, requireAccess('application', { id: { from: 'params', name: 'id' }, load: (id) => desk.exists(id) })];
  const mainAdmin = requireStaff(auth, config, rolesFor('reviewers'));

  app.get(Api.applications.path, { preHandler: reviewStaff }, async (request, reply) => {
    const query = ReviewListQuerySchema.safeParse(request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    const { q, market, ...rest } = query.data;
    // No market asked for: the reviewer's own (decision 0066); 'all': every market.
    const yourMarkets = request.staff!.user.reviewMarkets;
    const markets = market === ALL_MARKETS ? undefined : market ? [market] : yourMarkets;
    return okFor(Api.applications, reply, { ...(await desk.list({ ...rest, markets, q: q || undefined })), yourMarkets });
  });

  app.get(Api.ageBands.path, { preHandler: reviewStaff }, async (_request, reply) => okFor(Api.ageBands, reply, await desk.ageBands()));

  app.get(Api.application.path, { preHandler: oneApplication }, async (request, reply) => {
    const id = accessed(request).id;
    // Opening the application is an action on it: the opener's claim starts its idle time again.
    await claims.touch(id, request.staff!.user.id);
    const found = await desk.detail(id, request.staff!.user.id);
    if (!found) return failed(reply, 404, ApiMessage.notFound);
    // Who saw whom (issue 42 item 5): recorded before the applicant's data is answered.
    await deps.activityLog.recordView({ actorId: request.staff!.user.id, actorRole: request.staff!.user.role, record: 'application', recordId: id });
    // Another market's application is shown, with a notice (decision 0066).
    const detail: ReviewDetail = { ...found, outsideYourMarkets: outsideMarkets(request.staff!.user.reviewMarkets, found.market) };
    return okFor(Api.application, reply, detail);
  });

  app.post<{ Body: z.output<typeof InternalNoteSchema> }>(
    Api.internalNote.path,
    { onRequest: requireJson, preHandler: [...oneApplication, parseBody(Api.internalNote.request)] },
    async (request, reply) => {
      const id = accessed(request).id;
      if (!(await desk.addNote(id, request.body.note.trim(), request.staff!.user.id))) return failed(reply, 404, ApiMessage.notFound);
      await claims.touch(id, request.staff!.user.id);
      request.log.info({ by: request.staff!.user.id, applicationId: id }, 'review note added');
      return okFor(Api.internalNote, reply);
    },
  );

  app.post<{ Body: z.output<typeof ClaimSchema> }>(
    Api.claim.path,
    { onRequest: requireJson, preHandler: [...oneApplication, parseBody(Api.claim.request)] },
    async (request, reply) => {
      const result = await claims.claim(accessed(request).id, request.staff!.user.id, request.body.confirm === true);
      if (!result.ok) return reply.code(409).send({ status: 'failed', message: ReviewMessage.claimedByOther, data: { claimedBy: result.claim.by } });
      return okFor(Api.claim, reply, result.claim);
    },
  );

  app.post(Api.releaseClaim.path, { onRequest: requireJson, preHandler: oneApplication }, async (request, reply) => {
    await claims.release(accessed(request).id, request.staff!.user.id);
    return okFor(Api.releaseClaim, reply);
  });

  app.post<{ Body: z.output<typeof DecisionSchema> }>(
    Api.decision.path,
    { onRequest: requireJson, preHandler: [...oneApplication, parseBody(Api.decision.request)] },
    async (request, reply) => {
      // The decision's links (edit, listing, status page): on the market's own host when MARKET_HOSTS names one, else under its path prefix.
      const linkFor = applicantLinkBuilder(request, config);
      if (!linkFor) return refuseWithoutPublicAddress(request, reply, config, 'decision e-mail');
      const { decision, reason, internalNote, confirmClaim } = request.body;
      const input = { decision, reason: reason.trim(), internalNote: internalNote.trim(), confirmClaim: confirmClaim === true };
      const result = await desk.decide(accessed(request).id, input, request.staff!.user.id, linkFor);
      if (!result.ok) {
        if (result.reason === 'notFound') return failed(reply, 404, ApiMessage.notFound);
        if (result.reason === 'claimedByOther')
          return reply.code(409).send({ status: 'failed', message: ReviewMessage.claimedByOther, data: { claimedBy: result.claimedBy } });
        return failed(reply, 409, ReviewMessage.invalidTransition);
      }
      request.log.info({ by: request.staff!.user.id, applicationId: accessed(request).id, decision, mailId: result.mailId }, 'review decision');
      return okFor(Api.decision, reply, { status: result.status });
    },
  );

  app.get(Api.reviewers.path, { preHandler: mainAdmin }, async (_request, reply) => okFor(Api.reviewers, reply, await reviewers.list()));

  app.post<{ Body: PayloadOf<'add-reviewer'> }>(
    FormApi['add-reviewer'].path,
    { onRequest: requireJson, preHandler: [mainAdmin, parseBody(FormApi['add-reviewer'].request)] },
    async (request, reply) => {
      // The main admin chooses the language of the reviewer's e-mails (welcome and sign-in links).
      const { email, firstName, lastName, language } = request.body;
      const added = await reviewers.add({ email, firstName, lastName, language }, request.staff!.user.id, actorOf(request));
      if (added === 'duplicate') return failed(reply, 409, ApiMessage.emailRegistered);
      const { user } = request.staff!;
      // Sent to the sign-in page of the market that speaks their language (a German reviewer's is German).
      await welcomeNewStaff(request, deps, { role: 'reviewer', email, firstName, language, addedBy: `${user.firstName} ${user.lastName}` });
      return okFor(FormApi['add-reviewer'], reply, { id: added.id });
    },
  );

  app.get(Api.workload.path, { preHandler: mainAdmin }, async (_request, reply) => okFor(Api.workload, reply, await reviewers.workload()));

  app.get(FormApi['reviewer-markets'].prefill!.path, { preHandler: mainAdmin }, async (request, reply) => {
    const { id } = (request.query ?? {}) as { id?: unknown };
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) return invalid(reply, { id: 'validation.invalid' });
    const record = await reviewers.markets(id.toLowerCase());
    return record ? okFor(FormApi['reviewer-markets'].prefill!, reply, record) : failed(reply, 404, ApiMessage.notFound);
  });

  app.put<{ Body: PayloadOf<'reviewer-markets'> }>(
    FormApi['reviewer-markets'].path,
    { onRequest: requireJson, preHandler: [mainAdmin, parseBody(FormApi['reviewer-markets'].request)] },
    async (request, reply) => {
      const { reviewerId, markets } = request.body;
      if (!(await reviewers.setMarkets(reviewerId.toLowerCase(), markets, request.staff!.user.id))) return failed(reply, 404, ApiMessage.notFound);
      request.log.info({ by: request.staff!.user.id, reviewerId, markets }, 'reviewer markets set');
      return okFor(FormApi['reviewer-markets'], reply);
    },
  );

  app.post(Api.disableReviewer.path, { onRequest: requireJson, preHandler: mainAdmin }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!UUID_PATTERN.test(id)) return invalid(reply, { id: 'validation.invalid' });
    if (!(await reviewers.disable(id.toLowerCase(), request.staff!.user.id, actorOf(request)))) return failed(reply, 404, ApiMessage.notFound);
    return okFor(Api.disableReviewer, reply);
  });
}

// Staff sign-in API (issue 4): /api/auth/magic-link, verify, totp/setup, totp/enable, totp, me, sign-out.
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/staff-endpoints.ts';
import {
  ROLES_NEEDING_TOTP,
  StaffMessage,
  type MagicLinkRequestSchema,
  type StaffMe,
  type TotpCodeSchema,
  type VerifyRequestSchema,
} from '#shared/schemas/staff.ts';
import type { Config } from '../config.ts';
import { invalid, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import {
  actorOf,
  clearSessionCookie,
  clearSignInCookie,
  requireJson,
  requireStaff,
  sessionCookieName,
  setSessionCookie,
  setSignInCookie,
  signInCookieName,
  unauthorized,
} from '../http/staff.ts';
import type { AuthService, CodeResult } from '../services/auth/auth.ts';
import { linkOrigin } from '../services/links.ts';
import { newToken } from '../services/tokens.ts';
import { refuseWithoutPublicAddress } from '../http/public-address.ts';

const BINDING = /^[A-Za-z0-9_-]{43}$/;

export interface AuthRouteDeps {
  auth: AuthService;
  config: Config;
  /** Per client address, on the sign-in requests. */
  rateLimit: { max: number; timeWindow: string };
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, config } = deps;
  const session = requireStaff(auth, config, undefined, { allowPendingTotp: true });
  const noStore: onRequestHookHandler = (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  };

  app.post<{ Body: z.output<typeof MagicLinkRequestSchema> }>(
    Api.magicLink.path,
    { onRequest: requireJson, preHandler: parseBody(Api.magicLink.request), config: { rateLimit: deps.rateLimit } },
    async (request, reply) => {
      const origin = linkOrigin(request, config);
      if (!origin) return refuseWithoutPublicAddress(request, reply, config, 'sign-in link');
      // One binding value per browser, kept while it asks for several links.
      const existing = request.cookies[signInCookieName(config)];
      const binding = existing && BINDING.test(existing) ? existing : newToken(32);
      await auth.requestLink(
        { email: request.body.email, returnTo: request.body.returnTo ?? null, origin, basePath: request.body.basePath, binding },
        actorOf(request),
      );
      setSignInCookie(reply, config, binding);
      reply.header('cache-control', 'no-store');
      return okFor(Api.magicLink, reply);
    },
  );

  const invalidLink = parseBody(Api.verify.request, { refuse: (reply) => reply.code(400).send({ status: 'failed', message: 'invalidLink' }) });
  app.post<{ Body: z.output<typeof VerifyRequestSchema> }>(
    Api.verify.path,
    { onRequest: [requireJson, noStore], preHandler: invalidLink, config: { rateLimit: deps.rateLimit } },
    async (request, reply) => {
      const result = await auth.verify(
        { token: request.body.token, binding: request.cookies[signInCookieName(config)], previousSession: request.cookies[sessionCookieName(config)] },
        actorOf(request),
      );
      // One answer for every refusal: which check failed is for the log, not for the caller.
      if (!result.ok) return reply.code(400).send({ status: 'failed', message: 'invalidLink' });
      setSessionCookie(reply, config, result.sessionToken);
      clearSignInCookie(reply, config);
      return okFor(Api.verify, reply, { next: result.next, returnTo: result.returnTo });
    },
  );

  // A POST (it stores a new secret), only for the roles that use TOTP.
  const enrolling = requireStaff(auth, config, ROLES_NEEDING_TOTP, { allowPendingTotp: true });
  app.post(Api.totpSetup.path, { onRequest: requireJson, preHandler: enrolling, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const setup = await auth.totpSetup(request.staff!);
    if (!setup) return reply.code(409).send({ status: 'failed', message: 'alreadyEnabled' });
    return okFor(Api.totpSetup, reply, setup);
  });

  const answerCode = (contract: typeof Api.totpEnable | typeof Api.totp, result: CodeResult, reply: FastifyReply) => {
    if (result.ok) {
      setSessionCookie(reply, config, result.sessionToken);
      return okFor(contract, reply);
    }
    if (result.reason === 'locked') return reply.code(429).send({ status: 'failed', message: StaffMessage.locked });
    // The server's keys cannot open the stored secret: its fault, to be reported (logged with the user id).
    if (result.reason === 'unreadable') return reply.code(500).send({ status: 'failed', message: StaffMessage.secondFactorUnreadable });
    if (result.reason === 'wrong') return invalid(reply, { code: 'validation.totpCode' });
    return reply.code(409).send({ status: 'failed', message: result.reason === 'already_enabled' ? 'alreadyEnabled' : 'notEnrolled' });
  };

  type CodeBody = { Body: z.output<typeof TotpCodeSchema> };
  app.post<CodeBody>(
    Api.totpEnable.path,
    { onRequest: requireJson, preHandler: [session, parseBody(Api.totpEnable.request)], config: { rateLimit: deps.rateLimit } },
    async (request, reply) => answerCode(Api.totpEnable, await auth.totpEnable(request.staff!, request.body.code, actorOf(request)), reply),
  );

  app.post<CodeBody>(
    Api.totp.path,
    { onRequest: requireJson, preHandler: [session, parseBody(Api.totp.request)], config: { rateLimit: deps.rateLimit } },
    async (request, reply) => answerCode(Api.totp, await auth.totpVerify(request.staff!, request.body.code, actorOf(request)), reply),
  );

  app.get(Api.me.path, { preHandler: session }, async (request, reply) => {
    const { user, session: s } = request.staff!;
    const me: StaffMe = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      areaManagerId: user.areaManagerId,
      mfaPassed: s.mfaPassed,
    };
    return okFor(Api.me, reply, me);
  });

  app.post(Api.signOut.path, { onRequest: requireJson }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const context = await auth.authenticate(request.cookies[sessionCookieName(config)]);
    clearSessionCookie(reply, config);
    if (!context) return unauthorized(reply);
    await auth.signOut(context, actorOf(request));
    return okFor(Api.signOut, reply);
  });
}

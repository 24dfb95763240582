// Staff sign-in API (issue 4): /api/auth/magic-link, verify, totp/setup, totp/enable, totp, me, sign-out.
import type { FastifyInstance } from 'fastify';
import { AuthUrl, MagicLinkRequestSchema, ROLES_NEEDING_TOTP, StaffMessage, TotpCodeSchema, VerifyRequestSchema, type StaffMe } from '#shared/schemas/staff.ts';
import type { Config } from '../config.ts';
import { invalid, invalidFromZod, isPlainObject, ok, WHOLE_BODY_INVALID } from '../http/answers.ts';
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

  app.post(AuthUrl.magicLink, { onRequest: requireJson, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    if (!isPlainObject(request.body)) return invalid(reply, WHOLE_BODY_INVALID);
    const parsed = MagicLinkRequestSchema.safeParse(request.body);
    if (!parsed.success) return invalidFromZod(reply, parsed.error);
    const origin = linkOrigin(request, config);
    if (!origin) {
      request.log.warn({ host: request.headers.host }, 'sign-in link refused: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
      return reply.code(400).send({ status: 'failed', message: 'invalid' });
    }
    // One binding value per browser, kept while it asks for several links.
    const existing = request.cookies[signInCookieName(config)];
    const binding = existing && BINDING.test(existing) ? existing : newToken(32);
    await auth.requestLink({ email: parsed.data.email, returnTo: parsed.data.returnTo ?? null, origin, basePath: parsed.data.basePath, binding }, actorOf(request));
    setSignInCookie(reply, config, binding);
    reply.header('cache-control', 'no-store');
    return reply.code(200).send({ status: 'ok' });
  });

  app.post(AuthUrl.verify, { onRequest: requireJson, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isPlainObject(request.body)) return invalid(reply, WHOLE_BODY_INVALID);
    const parsed = VerifyRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ status: 'failed', message: 'invalidLink' });
    const result = await auth.verify(
      { token: parsed.data.token, binding: request.cookies[signInCookieName(config)], previousSession: request.cookies[sessionCookieName(config)] },
      actorOf(request),
    );
    // One answer for every refusal: which check failed is for the log, not for the caller.
    if (!result.ok) return reply.code(400).send({ status: 'failed', message: 'invalidLink' });
    setSessionCookie(reply, config, result.sessionToken);
    clearSignInCookie(reply, config);
    return ok(reply, { next: result.next, returnTo: result.returnTo });
  });

  // A POST (it stores a new secret), only for the roles that use TOTP.
  const enrolling = requireStaff(auth, config, ROLES_NEEDING_TOTP, { allowPendingTotp: true });
  app.post(AuthUrl.totpSetup, { onRequest: requireJson, preHandler: enrolling, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const setup = await auth.totpSetup(request.staff!);
    if (!setup) return reply.code(409).send({ status: 'failed', message: 'alreadyEnabled' });
    return ok(reply, setup);
  });

  const answerCode = (result: CodeResult, reply: Parameters<typeof ok>[0]) => {
    if (result.ok) {
      setSessionCookie(reply, config, result.sessionToken);
      return ok(reply);
    }
    if (result.reason === 'locked') return reply.code(429).send({ status: 'failed', message: StaffMessage.locked });
    if (result.reason === 'wrong') return invalid(reply, { code: 'validation.totpCode' });
    return reply.code(409).send({ status: 'failed', message: result.reason === 'already_enabled' ? 'alreadyEnabled' : 'notEnrolled' });
  };

  app.post(AuthUrl.totpEnable, { onRequest: requireJson, preHandler: session, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = TotpCodeSchema.safeParse(request.body);
    if (!parsed.success) return invalidFromZod(reply, parsed.error);
    return answerCode(await auth.totpEnable(request.staff!, parsed.data.code, actorOf(request)), reply);
  });

  app.post(AuthUrl.totp, { onRequest: requireJson, preHandler: session, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = TotpCodeSchema.safeParse(request.body);
    if (!parsed.success) return invalidFromZod(reply, parsed.error);
    return answerCode(await auth.totpVerify(request.staff!, parsed.data.code, actorOf(request)), reply);
  });

  app.get(AuthUrl.me, { preHandler: session }, async (request, reply) => {
    const { user, session: s } = request.staff!;
    const me: StaffMe = { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, areaManagerId: user.areaManagerId, mfaPassed: s.mfaPassed };
    return ok(reply, me);
  });

  app.post(AuthUrl.signOut, { onRequest: requireJson }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const context = await auth.authenticate(request.cookies[sessionCookieName(config)]);
    clearSessionCookie(reply, config);
    if (!context) return unauthorized(reply);
    await auth.signOut(context, actorOf(request));
    return reply.code(200).send({ status: 'ok' });
  });
}

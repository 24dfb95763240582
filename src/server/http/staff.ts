// Staff request plumbing: the session and sign-in cookies, the role check that guards every
// staff route, and the JSON-only rule for state-changing staff requests (CSRF defence together
// with SameSite=Strict: a cross-site form can post text/plain or urlencoded, never JSON).
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { StaffMessage, type StaffRole } from '#shared/schemas/staff.ts';
import { SIGN_IN_LINK_MINUTES } from '#shared/schemas/staff.ts';
import type { Config } from '../config.ts';
import type { Actor, AuthService, StaffContext } from '../services/auth/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffContext;
  }
}

export const sessionCookieName = (config: Pick<Config, 'production'>) => (config.production ? '__Host-pc_session' : 'pc_session');
/**
 * The browser binding of a sign-in link. `__Host-` in production (Secure, Path=/, no Domain), so
 * that neither a sibling subdomain nor a plain-HTTP page can plant a binding value of its own.
 */
export const signInCookieName = (config: Pick<Config, 'production'>) => (config.production ? '__Host-pc_signin' : 'pc_signin');

export function setSessionCookie(reply: FastifyReply, config: Pick<Config, 'production' | 'staff'>, value: string) {
  reply.setCookie(sessionCookieName(config), value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.production,
    path: '/',
    maxAge: config.staff.absoluteHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'production'>) {
  reply.clearCookie(sessionCookieName(config), { httpOnly: true, sameSite: 'strict', secure: config.production, path: '/' });
}

export function setSignInCookie(reply: FastifyReply, config: Pick<Config, 'production'>, value: string) {
  reply.setCookie(signInCookieName(config), value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.production,
    path: '/',
    maxAge: SIGN_IN_LINK_MINUTES * 60,
  });
}

export function clearSignInCookie(reply: FastifyReply, config: Pick<Config, 'production'>) {
  reply.clearCookie(signInCookieName(config), { httpOnly: true, sameSite: 'strict', secure: config.production, path: '/' });
}

export const actorOf = (request: FastifyRequest): Actor => ({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

export const unauthorized = (reply: FastifyReply) => reply.code(401).send({ status: 'failed', message: StaffMessage.unauthorized });
export const forbidden = (reply: FastifyReply) => reply.code(403).send({ status: 'failed', message: StaffMessage.forbidden });

/** Refuses a state-changing request whose body is not JSON, before the body is read. */
export const requireJson: onRequestHookHandler = (request, reply, done) => {
  const type = request.headers['content-type'] ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD' && !/^application\/json\s*(;|$)/i.test(type)) {
    reply.code(400).send({ status: 'failed', message: 'invalid', errors: { _: 'validation.invalid' } });
    return;
  }
  done();
};

export interface RequireStaffOptions {
  /** Let a session whose TOTP code is still pending through (the TOTP endpoints, /me, sign-out). */
  allowPendingTotp?: boolean;
}

/**
 * 401 without a usable session (or with a TOTP code pending), 403 for a role not listed; on
 * success request.staff holds the user and session. Neither refusal carries any record.
 */
export function requireStaff(
  auth: AuthService,
  config: Pick<Config, 'production'>,
  roles?: readonly StaffRole[],
  options: RequireStaffOptions = {},
): preHandlerHookHandler {
  const cookie = sessionCookieName(config);
  return async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const context = await auth.authenticate(request.cookies[cookie]);
    if (!context || (!context.session.mfaPassed && !options.allowPendingTotp)) return unauthorized(reply);
    if (roles && !roles.includes(context.user.role)) return forbidden(reply);
    request.staff = context;
  };
}

// POST /api/cookie-consent: the cookie notice's answer sent as a plain form, when no script saved it
// in the browser (scripting off, or before the scripts came): the same two cookies the notice
// writes (src/web/lib/consent-cookies.ts), then back to the page it was sent from (its Referer, a
// page of this site; else the home page), where the notice is closed. Only from this site's own
// pages: a consent is the visitor's own act.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { cookieConsent, CookieConsentFormSchema } from '#shared/api/endpoints.ts';
import { CONSENT_CATEGORIES, CONSENT_COOKIE_DAYS, CONSENT_COOKIES } from '#shared/limits.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { StaffMessage } from '#shared/schemas/staff.ts';
import { failed } from '../http/answers.ts';

const FORM_BYTES = 4096;

/** The page of this site the form was sent from (path and query), else '/'. */
export function returnPath(referer: string | undefined, host: string): string {
  try {
    const page = new URL(referer ?? '');
    return page.host === host && /^https?:$/.test(page.protocol) ? `${page.pathname}${page.search}` : '/';
  } catch {
    return '/';
  }
}

/** Sent from a page of another site (a browser says so in Sec-Fetch-Site or Origin). */
function crossSite(headers: Record<string, string | string[] | undefined>, host: string): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export async function cookieConsentRoutes(app: FastifyInstance, deps: { rateLimit: { max: number; timeWindow: string } }) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    scope.post(cookieConsent.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
      if (crossSite(request.headers, request.host)) return failed(reply, 403, StaffMessage.forbidden);
      const form = z.safeParse(CookieConsentFormSchema, request.body ?? {});
      if (!form.success) return failed(reply, 400, ApiMessage.wrongFormat);
      const asked = (form.data.categories ?? '').split(',');
      const categories = CONSENT_CATEGORIES.filter((category) => category === 'essential' || asked.includes(category));
      const options = {
        path: '/',
        maxAge: CONSENT_COOKIE_DAYS * 24 * 60 * 60,
        sameSite: 'lax' as const,
        secure: request.protocol === 'https',
        httpOnly: false,
      };
      reply.setCookie(CONSENT_COOKIES.categories, categories.join(','), options);
      reply.setCookie(CONSENT_COOKIES.noticeClosed, '1', options);
      return reply.header('cache-control', 'no-store').redirect(returnPath(request.headers.referer, request.host), 303);
    });
  });
}

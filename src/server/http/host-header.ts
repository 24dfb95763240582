// The Host header (and X-Forwarded-Host, when a trusted proxy sets it) names the site in every
// e-mailed link built without PUBLIC_URL (services/links.ts) and picks the market (routes/web.ts).
// A value that is not a host with an optional port is refused with 400 before any route runs
// (issue 36 item 7c): `[::1]evil.example` passed as the local `[::1]` and put evil.example into links.
import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { invalid } from './answers.ts';

/** One DNS label (letters, digits, hyphens; underscores, which some internal names carry), 63 characters at most. */
const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

interface ParsedHost {
  /** Lower case; an IPv6 literal keeps its brackets, as in a URL. */
  hostname: string;
  port: number | null;
}

/**
 * A Host value as RFC 3986 and RFC 9110 allow it, limited to what names a site: a host name (dot-separated
 * labels; an IPv4 address is one), or an IPv6 literal in brackets, then an optional `:port` of
 * digits (0-65535). Null for anything else: stray characters, a name after the brackets, an empty
 * or out-of-range port, userinfo, a percent-encoded or over-long name.
 */
export function parseHost(value: string): ParsedHost | null {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const [, name = '', portText] = match;
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && port > 65_535) return null;
  if (name.startsWith('[')) return isIPv6(name.slice(1, -1)) ? { hostname: name.toLowerCase(), port } : null;
  const hostname = name.replace(/\.$/, '');
  if (hostname.length === 0 || hostname.length > 253 || !hostname.split('.').every((label) => LABEL.test(label))) return null;
  return { hostname: name.toLowerCase(), port };
}

/**
 * Refuses, with the answer of a malformed URL (app.ts frameworkErrors), a request whose Host, or
 * the X-Forwarded-Host a trusted proxy gave (Fastify's request.host), is not a host with an
 * optional port. A request without a Host (HTTP/1.0) goes on: no link is built from it.
 */
export function refuseMalformedHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const given = request.headers.host;
    const effective = request.host;
    const wrong = (given !== undefined && parseHost(given) === null) || (effective !== given && effective !== '' && parseHost(effective) === null);
    if (!wrong) return;
    // The value is the client's: logged only as its length.
    request.log.info({ hostLength: (given ?? '').length, forwardedHostLength: effective === given ? undefined : effective.length }, 'malformed Host refused');
    return invalid(reply, { _: ErrorKey.invalid });
  });
}

// The site's public address (issue 37 item 3). E-mailed links need an origin: PUBLIC_URL, a
// MARKET_HOSTS name, or a local host (a fresh `npm start` links to localhost and its own port).
// Behind a proxy with a real host name and neither setting, no link can be made: the person is
// told what the operator must set (never a bare 400), the log says it once, and /readyz's detail
// says it for as long as the server runs. A foreign host while MARKET_HOSTS is set is refused as
// before (400): that is a forged or misrouted request, not a missing setting.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { Config } from '../config.ts';
import { parseHost } from './host-header.ts';

const SETTING_HINT = 'set PUBLIC_URL to the address people use (for example https://champions.example.co.uk), or MARKET_HOSTS';

interface PublicAddressWatch {
  /** A link could not be made for this request's host. */
  missing(request: FastifyRequest, what: string): void;
  /** What /readyz reports: null while every request had an address for its links. */
  problem(): string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicAddress: PublicAddressWatch;
  }
}

export function watchPublicAddress(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'marketHosts'>): void {
  const unconfigured = !config.publicUrl && config.marketHosts.size === 0;
  let firstHost: string | null = null;
  app.decorate<PublicAddressWatch>('publicAddress', {
    missing(request, what) {
      if (!unconfigured) return;
      const host = parseHost(request.host ?? '')?.hostname ?? '';
      if (firstHost !== null) return;
      firstHost = host;
      request.log.error({ host }, `no e-mailed link can be made for requests to ${host || 'this host'} (${what}): ${SETTING_HINT}`);
    },
    problem: () => (firstHost === null ? null : `requests came for ${firstHost || 'an unnamed host'}, which is neither local nor configured: ${SETTING_HINT}`),
  });
}

/** The answer of a request whose e-mail cannot carry a link for its host. */
export function refuseWithoutPublicAddress(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'publicUrl' | 'marketHosts'>, what: string) {
  if (config.publicUrl || config.marketHosts.size > 0) {
    request.log.warn({ host: request.headers.host }, `${what} refused: the host is not one of MARKET_HOSTS`);
    return reply.code(400).send({ status: 'failed', message: 'invalid' });
  }
  request.server.publicAddress.missing(request, what);
  return reply.code(503).send({ status: 'failed', message: ApiMessage.noPublicAddress });
}

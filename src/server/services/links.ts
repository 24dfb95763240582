// Where e-mailed links point. PUBLIC_URL when set; otherwise the request's own host, but only a
// host we serve (localhost or a MARKET_HOSTS name): a forged Host header must never put an
// attacker's domain into a sign-in or draft link.
import type { FastifyRequest } from 'fastify';
import { MARKET_LANGUAGE, isCountry } from '#shared/markets.ts';
import type { Config } from '../config.ts';
import { parseHost } from '../http/host-header.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function linkOrigin(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, config: Pick<Config, 'publicUrl' | 'marketHosts'>): string | null {
  if (config.publicUrl) return config.publicUrl;
  const host = (request.host ?? request.headers.host ?? '').toLowerCase();
  // A host with an optional port, as app.ts lets requests in (http/host-header.ts): `[::1]evil.example` is not `[::1]`.
  const hostname = parseHost(host)?.hostname;
  if (!hostname || (!LOCAL_HOSTS.has(hostname) && !config.marketHosts.has(hostname))) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/** Where a market's pages start for a link: its own host when MARKET_HOSTS names one, else its path prefix on the link origin; null without a public origin. */
export function marketBase(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
  config: Pick<Config, 'publicUrl' | 'marketHosts'>,
  country: string,
): string | null {
  const origin = linkOrigin(request, config);
  if (!origin) return null;
  const protocol = origin.startsWith('https:') ? 'https' : 'http';
  const host = [...config.marketHosts].find(([, market]) => market === country)?.[0];
  return host ? `${protocol}://${host}` : `${origin}/${country}`;
}

/**
 * Where a market's pages start for a link in mail sent without a request (a scheduled job): its
 * MARKET_HOSTS host, else PUBLIC_URL with the market's path prefix; null when neither is set.
 */
export function configuredMarketBase(config: Pick<Config, 'publicUrl' | 'marketHosts'>, country: string): string | null {
  const host = [...config.marketHosts].find(([, market]) => market === country)?.[0];
  if (host) return `${config.publicUrl?.startsWith('http:') ? 'http' : 'https'}://${host}`;
  return config.publicUrl ? `${config.publicUrl}/${country}` : null;
}

/**
 * Links into an applicant's own market and language: its host or path prefix (marketBase), `?lang=`
 * when the language is not the market's own; null without a public origin for this request.
 */
export function applicantLinkBuilder(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
  config: Pick<Config, 'publicUrl' | 'marketHosts'>,
): ((country: string, language: string, path: string) => string) | null {
  if (!linkOrigin(request, config)) return null;
  return (country, language, path) => {
    const lang = isCountry(country) && MARKET_LANGUAGE[country] === language ? '' : `?lang=${encodeURIComponent(language)}`;
    return `${marketBase(request, config, country)}${path}${lang}`;
  };
}

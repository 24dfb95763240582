// Reads what the server tells the page about where it is (src/shared/api/site-config.ts). It comes
// in a JSON data block in index.html (not a script the CSP must allow).
import type { OperatorDetails, SiteConfig } from '#shared/api/site-config.ts';
import { MARKET_LANGUAGE, resolveLanguage, resolveMarket } from '#shared/markets.ts';
import { DEFAULT_RETENTION_PERIODS } from '#shared/schemas/privacy.ts';

export type { SiteConfig };

const FALLBACK_OPERATOR: OperatorDetails = {
  company: '',
  address: '',
  register: '',
  vatNumber: '',
  responsiblePerson: '',
  supportEmail: '',
  dpoEmail: '',
  phone: '',
};

/** Reads the data block; without one (unit tests, vite dev) it works the market out from the URL. */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const block = doc.getElementById('site-config');
  const fromServer = block?.textContent ? (JSON.parse(block.textContent) as Partial<SiteConfig>) : {};
  const location = resolveMarket(doc.location?.host, doc.location?.pathname ?? '/', new Map(), 'uk');
  const country = fromServer.country ?? location.country;
  const lang = new URLSearchParams(doc.location?.search ?? '').get('lang');
  return {
    productName: fromServer.productName ?? 'Pharmacy Champions',
    country,
    language: lang ? resolveLanguage(country, lang) : (fromServer.language ?? MARKET_LANGUAGE[country]),
    basePath: fromServer.basePath ?? location.basePath,
    operator: { ...FALLBACK_OPERATOR, ...fromServer.operator },
    mapTilesUrl: fromServer.mapTilesUrl ?? '',
    mapAttribution: fromServer.mapAttribution ?? '',
    courseUrl: fromServer.courseUrl ?? '',
    retention: { ...DEFAULT_RETENTION_PERIODS, ...fromServer.retention },
  };
}

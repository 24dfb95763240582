// The site-config data block in index.html: what the server tells the page about where it is
// (market, base path, language, product and operator details). Written by the server, read by the
// browser (src/web/lib/site-config.ts).
import type { BasePath, Country, Language } from '../markets.ts';
import type { RetentionPeriods } from '../schemas/privacy.ts';

export interface OperatorDetails {
  company: string;
  address: string;
  register: string;
  vatNumber: string;
  responsiblePerson: string;
  supportEmail: string;
  dpoEmail: string;
  phone: string;
}

export interface SiteConfig {
  productName: string;
  country: Country;
  language: Language;
  /** '/uk', '/it', '/de' when the market came from the path, '' otherwise. */
  basePath: BasePath;
  operator: OperatorDetails;
  /** Map tiles URL template ({z}/{x}/{y}); empty means no tiles (offline). */
  mapTilesUrl: string;
  mapAttribution: string;
  /** The market's training course page (COURSE_URL_UK/IT/DE); empty: the course is named without a link. */
  courseUrl: string;
  /** The retention settings' current values, which the privacy texts state (issue 42 item 4). */
  retention: RetentionPeriods;
}

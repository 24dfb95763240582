// Which catalogue entry a variant is served (spec §2 "Variant choice"), by id alone: the web page
// that opens a form reads this and loads the entry's own module lazily (decision 0086), so the
// choice must not import the catalogue itself.
import { MARKETS, type Variant } from '../markets.ts';
import type { ApplicantFormId } from '../market-table.ts';

/** The applicant form a market and language are served: the market's own in its language, the steps form in every other. */
export const applicantFormIdFor = (variant: Pick<Variant, 'country' | 'layout'>): ApplicantFormId =>
  variant.layout === 'steps' ? 'apply-steps' : MARKETS[variant.country].form;

/** The entry of a variant's form: the field force's in their modes, the applicant's otherwise. */
export function formIdFor(variant: Variant): ApplicantFormId | 'areamanager-pharmacy' | 'rep-visit' {
  if (variant.mode === 'areamanager') return 'areamanager-pharmacy';
  if (variant.mode === 'rep') return 'rep-visit';
  return applicantFormIdFor(variant);
}

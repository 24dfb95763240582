import { LegalPage } from './legal-page.tsx';

/** /terms-and-conditions: the market's terms. Loaded lazily (it brings `marked`). */
export function TermsPage() {
  return <LegalPage kind="terms-and-conditions" />;
}

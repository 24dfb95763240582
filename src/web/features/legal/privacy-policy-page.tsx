import { LegalPage } from './legal-page.tsx';

/** /privacy-policy: the market's privacy and cookies policy. Loaded lazily (it brings `marked`). */
export function PrivacyPolicyPage() {
  return <LegalPage kind="privacy-policy" />;
}

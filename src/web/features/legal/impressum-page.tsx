import { LegalPage } from './legal-page.tsx';

/** /impressum: the legal notice (§ 5 DDG), in German on every market. Loaded lazily (it brings `marked`). */
export function ImpressumPage() {
  return <LegalPage kind="impressum" />;
}

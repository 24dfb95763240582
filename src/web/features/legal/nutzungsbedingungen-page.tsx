import { LegalPage } from './legal-page.tsx';

/** /nutzungsbedingungen: the German terms of use, in German on every market. Loaded lazily (it brings `marked`). */
export function NutzungsbedingungenPage() {
  return <LegalPage kind="nutzungsbedingungen" />;
}

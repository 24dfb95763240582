import { LegalPage } from './legal-page.tsx';

/** /datenschutz: the German privacy and cookie policy, in German on every market. Loaded lazily (it brings `marked`). */
export function DatenschutzPage() {
  return <LegalPage kind="datenschutz" />;
}

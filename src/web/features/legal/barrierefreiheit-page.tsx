import { LegalPage } from './legal-page.tsx';

/** /barrierefreiheit: the German market's Erklärung zur Barrierefreiheit (issue 41 item 6). Loaded lazily (it brings `marked`). */
export function BarrierefreiheitPage() {
  return <LegalPage kind="barrierefreiheit" />;
}

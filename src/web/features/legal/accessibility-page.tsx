import { LegalPage } from './legal-page.tsx';

/** /accessibility: the market's accessibility statement (issue 41 item 6). Loaded lazily (it brings `marked`). */
export function AccessibilityPage() {
  return <LegalPage kind="accessibility" />;
}

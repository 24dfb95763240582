// The field force's form sections by catalogue id: the area manager's add-pharmacy (screens 7 and
// 3), the rep's visit (screen 12), add rep (screen 11) and add area manager.
import type { SectionRegistry } from './form-page.tsx';
import { BotCheckSection } from './sections/bot-check-section.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { CityRegionProvinceSection, RepAssignmentSection } from './sections/field-force-fields.tsx';
import { ContactSection } from './sections/personal-details-section.tsx';
import { PharmacySection } from './sections/pharmacy-section.tsx';
import { SHORT_FORM_CHECKS } from '#shared/reference/options.ts';
import { REP_VISIT_SECTIONS, ShortItalianFields } from './rep-visit-sections.tsx';

export const FIELD_FORCE_SECTIONS: SectionRegistry = {
  'rep-assignment': RepAssignmentSection,
  pharmacy: PharmacySection,
  'city-region-province': CityRegionProvinceSection,
  'short-italian': ShortItalianFields,
  'staff-statements': () => <ConfirmationsSection names={SHORT_FORM_CHECKS} />,
  'bot-check': BotCheckSection,
  ...REP_VISIT_SECTIONS,
  'staff-person': ContactSection,
  'area-manager-ref': null,
  'staff-market': null,
};

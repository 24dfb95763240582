// The field force's form sections by catalogue id: the area manager's add-pharmacy (screens 7 and
// 3), the rep's visit (screen 12), add rep (screen 11) and add area manager.
import { AGREEMENT_FIELDS } from '#shared/reference/options.ts';
import type { SectionRegistry } from './form-page.tsx';
import { AboutYouSection } from './sections/about-you-section.tsx';
import { BotCheckSection } from './sections/bot-check-section.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { CallOutcomeSection, CityRegionProvinceSection, ExtraPharmacistsSection, JoinedUnifyFields, RepAssignmentSection, VisitNoteSection } from './sections/field-force-fields.tsx';
import { OncodemiaSection } from './sections/oncodemia-section.tsx';
import { ContactSection, RegistrationNumberField } from './sections/personal-details-section.tsx';
import { PharmacySection } from './sections/pharmacy-section.tsx';
import { PhotoSection } from './sections/photo-section.tsx';
import { RegistrationBodyField } from './sections/registration-body-field.tsx';
import { ServicesField } from './sections/services-field.tsx';

const THREE_CONFIRMATIONS = AGREEMENT_FIELDS.slice(0, 3);

/** Screen 3's fields, which are also the visit's joined_unify part. */
function ShortItalianFields() {
  return (
    <>
      <PhotoSection />
      <ServicesField />
      <OncodemiaSection />
      <ContactSection />
      <RegistrationBodyField />
      <RegistrationNumberField />
      <AboutYouSection />
    </>
  );
}

export const FIELD_FORCE_SECTIONS: SectionRegistry = {
  'rep-assignment': RepAssignmentSection,
  pharmacy: PharmacySection,
  'city-region-province': CityRegionProvinceSection,
  'short-italian': ShortItalianFields,
  'confirmations-3': () => <ConfirmationsSection names={THREE_CONFIRMATIONS} />,
  'bot-check': BotCheckSection,
  'call-outcome': CallOutcomeSection,
  'visit-note': VisitNoteSection,
  place: () => <PharmacySection withName={false} />,
  'joined-unify': () => (
    <>
      <JoinedUnifyFields />
      <ShortItalianFields />
    </>
  ),
  'extra-pharmacists': ExtraPharmacistsSection,
  'confirmations-3-if-joined': () => <ConfirmationsSection names={THREE_CONFIRMATIONS} />,
  'staff-person': ContactSection,
  'pharmacy-ref': null,
  'area-manager-ref': null,
  'staff-market': null,
};

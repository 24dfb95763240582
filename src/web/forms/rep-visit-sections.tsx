// The rep's visit form's sections by catalogue id (spec §2 screen 12), apart from the other field
// force forms' so that the rep's page (used on phones in pharmacies) carries only its own.
import { lazy, Suspense } from 'react';
import { SHORT_FORM_CHECKS } from '#shared/reference/options.ts';
import type { SectionRegistry } from './form-page.tsx';
import { AboutYouSection } from './sections/about-you-section.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { CallOutcomeSection, JoinedUnifyFields, VisitNoteSection } from './sections/rep-visit-fields.tsx';
import { VisitHistorySection } from './sections/rep-visit-history.tsx';
import { OncodemiaSection } from './sections/oncodemia-section.tsx';
import { ContactSection, RegistrationNumberField } from './sections/personal-details-section.tsx';
import { PharmacySection } from './sections/pharmacy-section.tsx';
import { PhotoSection } from './sections/photo-section.tsx';
import { RegistrationBodyField } from './sections/registration-body-field.tsx';
import { ServicesField } from './sections/services-field.tsx';

/** Loads the extra pharmacists' section (the rep's page fetches it ahead, in case the connection goes). */
export const loadExtraPharmacists = () => import('./sections/extra-pharmacists-section.tsx');
const ExtraPharmacistsSection = lazy(() => loadExtraPharmacists().then((m) => ({ default: m.ExtraPharmacistsSection })));

/** Screen 3's fields, which are also the visit's joined_unify part. */
export function ShortItalianFields() {
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

export const REP_VISIT_SECTIONS: SectionRegistry = {
  'visit-history': VisitHistorySection,
  'call-outcome': CallOutcomeSection,
  'visit-note': VisitNoteSection,
  place: () => <PharmacySection withName={false} />,
  'joined-unify': () => (
    <>
      <JoinedUnifyFields />
      <ShortItalianFields />
    </>
  ),
  'extra-pharmacists': () => (
    <Suspense fallback={null}>
      <ExtraPharmacistsSection />
    </Suspense>
  ),
  'staff-statements-if-joined': () => <ConfirmationsSection names={SHORT_FORM_CHECKS} />,
  'pharmacy-ref': null,
};

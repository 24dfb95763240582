// The applicant forms' sections by catalogue id (src/shared/forms/sections.ts). A wording
// difference between markets is a namespace (form-text.tsx); a field difference is another section.
import { lazy, Suspense } from 'react';
import type { SectionRegistry } from './form-page.tsx';
import { AboutYouSection } from './sections/about-you-section.tsx';
import { BotCheckSection } from './sections/bot-check-section.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { HowHeardSection } from './sections/how-heard-section.tsx';
import { OncodemiaSection } from './sections/oncodemia-section.tsx';
import { ContactSection, LocumField, RegistrationNumberField } from './sections/personal-details-section.tsx';
import { PharmacySection } from './sections/pharmacy-section.tsx';
import { PhotoSection } from './sections/photo-section.tsx';
import { RegistrationBodyField } from './sections/registration-body-field.tsx';
import { hiddenFields } from './sections/hidden-fields.tsx';
import { GoogleProfileBox, ServicesField } from './sections/services-field.tsx';
import { UkTrainingSection } from './sections/training-section.tsx';

// "How patients will see you" sits at the foot of the page: its code and words load after the form's first paint.
const LazyListingPreview = lazy(() => import('./sections/listing-preview-section.tsx').then((m) => ({ default: m.ListingPreviewSection })));
function ListingPreview() {
  return (
    <Suspense fallback={null}>
      <LazyListingPreview />
    </Suspense>
  );
}

export const APPLICANT_SECTIONS: SectionRegistry = {
  contact: ContactSection,
  'italian-body': RegistrationBodyField,
  'registration-number': RegistrationNumberField,
  locum: LocumField,
  'how-heard': HowHeardSection,
  photo: PhotoSection,
  pharmacy: PharmacySection,
  services: ServicesField,
  'google-profile': GoogleProfileBox,
  'uk-training': UkTrainingSection,
  oncodemia: OncodemiaSection,
  'about-you': AboutYouSection,
  'confirmations-5': ConfirmationsSection,
  'listing-preview': ListingPreview,
  'bot-check': BotCheckSection,
  'unasked-services': hiddenFields('services'),
  market: null,
};

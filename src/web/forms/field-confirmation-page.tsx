// /confirm-details?token=…: a pharmacist a rep or area manager recorded checks what was recorded,
// corrects it and gives the declarations and the consent to publication themselves (issue 23).
// The catalogue entry 'field-confirmation' rendered by the one form page.
import { useTranslation } from 'react-i18next';
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage, type SectionRegistry } from './form-page.tsx';
import { BotCheckSection } from './sections/bot-check-section.tsx';
import { ConfirmationsSection } from './sections/confirmations-section.tsx';
import { AboutYouSection } from './sections/about-you-section.tsx';
import { OncodemiaSection } from './sections/oncodemia-section.tsx';
import { NamesFields, RegistrationNumberField } from './sections/personal-details-section.tsx';
import { PhotoSection } from './sections/photo-section.tsx';
import { RegistrationBodyField } from './sections/registration-body-field.tsx';
import { ServicesField } from './sections/services-field.tsx';
import { AGREEMENT_FIELDS } from '#shared/reference/options.ts';

function ConfirmationIntro() {
  const { t } = useTranslation();
  return (
    <>
      <p className="pc-body">{t('italy.fieldConfirmation.intro')}</p>
      <p className="pc-body">{t('italy.fieldConfirmation.nothingPublic')}</p>
    </>
  );
}

/** What the rep or area manager recorded, bar the address the link went to. */
function RecordedFields() {
  return (
    <>
      <NamesFields />
      <RegistrationBodyField />
      <RegistrationNumberField />
      <PhotoSection />
      <ServicesField />
      <OncodemiaSection />
      <AboutYouSection />
    </>
  );
}

export const FIELD_CONFIRMATION_SECTIONS: SectionRegistry = {
  'field-confirmation-intro': ConfirmationIntro,
  'field-pharmacist': RecordedFields,
  'confirmations-3': () => <ConfirmationsSection names={AGREEMENT_FIELDS.slice(0, 3)} />,
  'bot-check': BotCheckSection,
  'confirmation-token': null,
};

export function FieldConfirmationPage() {
  return <FormPage form={FORMS['field-confirmation']} sections={FIELD_CONFIRMATION_SECTIONS} />;
}

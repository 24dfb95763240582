// "E-mail me a link" pages: a link to one's data (/my-data, issue 13) and a link to update one's
// application (/update-link, issue 14). Each is a catalogue entry rendered by the one form page.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '#shared/limits.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { DATA_RIGHTS_LINK_DAYS } from '#shared/schemas/applicant-links.ts';
import { TextInput } from '../components/text-input.tsx';
import { FormPage, type SectionRegistry } from './form-page.tsx';
import { useRunner } from './runner-context.tsx';
import { BotCheckSection } from './sections/bot-check-section.tsx';
import { useFieldError } from './use-field-error.ts';

function LinkIntro() {
  const { t } = useTranslation();
  const { form } = useRunner();
  return (
    <>
      <p className="pc-body">{t(`myData.intro.${form.id}`, { days: DATA_RIGHTS_LINK_DAYS })}</p>
      <p className="pc-body">{t('myData.intro.why')}</p>
    </>
  );
}

function LinkEmail() {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError('email');
  return (
    <TextInput
      {...register('email')}
      type="email"
      label={t('myData.email.label')}
      hint={t('myData.email.hint')}
      error={error}
      autoComplete="email"
      spellCheck={false}
      maxLength={EMAIL_MAX_LENGTH}
    />
  );
}

export const LINK_SECTIONS: SectionRegistry = {
  'link-intro': LinkIntro,
  'link-email': LinkEmail,
  'bot-check': BotCheckSection,
  'link-base-path': null,
};

export function DataRightsRequestPage() {
  return <FormPage form={FORMS['data-rights-request']} sections={LINK_SECTIONS} />;
}

export function UpdateLinkRequestPage() {
  return <FormPage form={FORMS['update-link-request']} sections={LINK_SECTIONS} />;
}

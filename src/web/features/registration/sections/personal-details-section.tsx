// Email, names, registration number and the locum question. A market may word the registration
// number and locum question its own way, and put a field (the Italian registration body) before
// the number.
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { TextInput } from '../../../components/text-input.tsx';
import { Radios } from '../../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';

export interface PersonalDetailsTexts {
  registrationNumberLabel?: string;
  registrationNumberHint?: string;
  locumLegend?: string;
}

export interface PersonalDetailsSectionProps {
  askLocum?: boolean;
  /** Translated texts replacing the UK wording. */
  texts?: PersonalDetailsTexts;
  /** Rendered just before the registration number. */
  beforeRegistrationNumber?: ReactNode;
}

export function PersonalDetailsSection({ askLocum = true, texts = {}, beforeRegistrationNumber }: PersonalDetailsSectionProps) {
  const { t } = useTranslation();
  const { register, control } = useFormContext();
  const locum = useWatch({ control, name: 'areYouLocum' }) as string;
  const emailError = useFieldError('email');
  const firstNameError = useFieldError('firstName');
  const lastNameError = useFieldError('lastName');
  const numberError = useFieldError('professionalRegistrationNumber');
  const locumError = useFieldError('areYouLocum');

  return (
    <section aria-labelledby="section-about-you">
      <h2 id="section-about-you" className="pc-heading-m">
        {t('form.sections.aboutYou')}
      </h2>
      <TextInput
        {...register('email')}
        type="email"
        label={t('form.email.label')}
        hint={t('form.email.hint')}
        error={emailError}
        autoComplete="email"
        spellCheck={false}
        maxLength={EMAIL_MAX_LENGTH}
      />
      <TextInput {...register('firstName')} label={t('form.firstName.label')} error={firstNameError} autoComplete="given-name" spellCheck={false} maxLength={TEXT_MAX_LENGTH} />
      <TextInput {...register('lastName')} label={t('form.lastName.label')} error={lastNameError} autoComplete="family-name" spellCheck={false} maxLength={TEXT_MAX_LENGTH} />
      {beforeRegistrationNumber}
      <TextInput
        {...register('professionalRegistrationNumber')}
        label={texts.registrationNumberLabel ?? t('form.registrationNumber.label')}
        hint={texts.registrationNumberHint ?? t('form.registrationNumber.hint')}
        error={numberError}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={7}
        className="pc-input--short"
      />
      {askLocum ? (
        <Radios
          {...register('areYouLocum')}
          legend={texts.locumLegend ?? t('form.locum.legend')}
          error={locumError}
          selected={locum}
          inline
          options={[
            { value: 'yes', label: t('form.yes') },
            { value: 'no', label: t('form.no') },
          ]}
        />
      ) : null}
    </section>
  );
}

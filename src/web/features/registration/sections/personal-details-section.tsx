// Email, names, registration number and the locum question.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { TextInput } from '../../../components/text-input.tsx';
import { Radios } from '../../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';

export function PersonalDetailsSection({ askLocum = true }: { askLocum?: boolean }) {
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
      <TextInput
        {...register('professionalRegistrationNumber')}
        label={t('form.registrationNumber.label')}
        hint={t('form.registrationNumber.hint')}
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
          legend={t('form.locum.legend')}
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

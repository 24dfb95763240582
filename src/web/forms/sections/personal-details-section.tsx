// About you: e-mail and names (the heading starts the part), the registration number and the
// locum question. Each form words the number and the locum question in its own namespace.
import { useFormContext, useWatch } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { TextInput } from '../../components/text-input.tsx';
import { Radios } from '../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

export function ContactSection() {
  const text = useFormText();
  const { register } = useFormContext();
  const emailError = useFieldError('email');
  return (
    <>
      <h2 id="section-about-you" className="pc-heading-m">
        {text('sections.aboutYou')}
      </h2>
      <TextInput
        {...register('email')}
        type="email"
        label={text('email.label')}
        hint={text('email.hint')}
        error={emailError}
        autoComplete="email"
        spellCheck={false}
        maxLength={EMAIL_MAX_LENGTH}
      />
      <NameInputs />
    </>
  );
}

function NameInputs() {
  const text = useFormText();
  const { register } = useFormContext();
  const firstNameError = useFieldError('firstName');
  const lastNameError = useFieldError('lastName');
  return (
    <>
      <TextInput
        {...register('firstName')}
        label={text('firstName.label')}
        error={firstNameError}
        autoComplete="given-name"
        spellCheck={false}
        maxLength={TEXT_MAX_LENGTH}
      />
      <TextInput
        {...register('lastName')}
        label={text('lastName.label')}
        error={lastNameError}
        autoComplete="family-name"
        spellCheck={false}
        maxLength={TEXT_MAX_LENGTH}
      />
    </>
  );
}

/** The names alone, under the same heading (a pharmacist confirming what was recorded: their address is where the link went). */
export function NamesFields() {
  const text = useFormText();
  return (
    <>
      <h2 id="section-about-you" className="pc-heading-m">
        {text('sections.aboutYou')}
      </h2>
      <NameInputs />
    </>
  );
}

export function RegistrationNumberField() {
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError('professionalRegistrationNumber');
  return (
    <TextInput
      {...register('professionalRegistrationNumber')}
      label={text('registrationNumber.label')}
      hint={text('registrationNumber.hint')}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={7}
      className="pc-input--short"
    />
  );
}

export function LocumField() {
  const text = useFormText();
  const { register, control } = useFormContext();
  const locum = useWatch({ control, name: 'areYouLocum' }) as string;
  const error = useFieldError('areYouLocum');
  return (
    <Radios
      {...register('areYouLocum')}
      legend={text('locum.legend')}
      error={error}
      selected={locum}
      inline
      options={[
        { value: 'yes', label: text('yes') },
        { value: 'no', label: text('no') },
      ]}
    />
  );
}

// The body of registration: Italy has one, Italia (AIFA), so it is shown, not asked. A read-only
// text box (rather than a one-option select) is announced as read only, is reached by Tab like
// the other answers, and is sent under the payload's name.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/text-input.tsx';
import { useFieldError } from '../use-field-error.ts';

export function RegistrationBodyField() {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError('bodyOfRegistration');
  return (
    <TextInput
      {...register('bodyOfRegistration')}
      label={t('italy.registrationBody.label')}
      hint={t('italy.registrationBody.hint')}
      error={error}
      readOnly
      className="pc-input--readonly"
    />
  );
}

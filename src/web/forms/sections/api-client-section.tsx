// An API key's client app (the issue-api-key form, decision 0052): the name the main admin knows it
// by and its quota of requests per minute.
import { useFormContext } from 'react-hook-form';
import { API_CLIENT_NAME_MAX } from '#shared/schemas/api-clients.ts';
import { TextInput } from '../../components/text-input.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

export function ApiClientSection() {
  const text = useFormText();
  const { register } = useFormContext();
  const nameError = useFieldError('name');
  const quotaError = useFieldError('quotaPerMinute');
  return (
    <>
      <TextInput
        {...register('name')}
        label={text('name.label')}
        hint={text('name.hint')}
        error={nameError}
        maxLength={API_CLIENT_NAME_MAX}
        autoComplete="off"
      />
      <TextInput
        {...register('quotaPerMinute')}
        label={text('quota.label')}
        hint={text('quota.hint')}
        error={quotaError}
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        className="pc-input--width-10"
      />
    </>
  );
}

// The language of a new staff member's e-mails (the add-reviewer form): English, Italian or German,
// each named in its own language.
import { useFormContext, useWatch } from 'react-hook-form';
import type { StaffLanguage } from '#shared/schemas/staff.ts';
import { Radios } from '../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

const OWN_NAME: Record<StaffLanguage, string> = { en: 'English', it: 'Italiano', de: 'Deutsch' };
const ORDER: StaffLanguage[] = ['en', 'it', 'de'];

export function StaffLanguageField() {
  const text = useFormText();
  const { register, control } = useFormContext();
  const language = useWatch({ control, name: 'language' }) as string;
  return (
    <Radios
      {...register('language')}
      legend={text('language.legend')}
      hint={text('language.hint')}
      error={useFieldError('language')}
      selected={language}
      options={ORDER.map((value) => ({ value, label: <span lang={value}>{OWN_NAME[value]}</span> }))}
    />
  );
}

// "How did you hear about us" (whereDidYouFindOutAboutUs): the six options as radios.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HOW_HEARD_OPTIONS } from '#shared/reference/options.ts';
import { Radios } from '../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';

export function HowHeardSection() {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError('whereDidYouFindOutAboutUs');
  return (
    <Radios
      {...register('whereDidYouFindOutAboutUs')}
      legend={t('form.howHeard.legend')}
      error={error}
      options={HOW_HEARD_OPTIONS.map((value) => ({ value, label: t(`howHeard.${value}`) }))}
    />
  );
}

// Free text for patients (anythingElseAboutYou, 250 characters).
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';

export function AboutYouSection() {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError('anythingElseAboutYou');
  return (
    <section aria-labelledby="section-for-patients">
      <h2 id="section-for-patients" className="pc-heading-m">
        {t('form.sections.forPatients')}
      </h2>
      <TextArea {...register('anythingElseAboutYou')} label={t('form.anythingElse.label')} hint={t('form.anythingElse.hint')} error={error} />
    </section>
  );
}

// UK training question: yes1 (other training, notes required), yes2 (completed the course), no.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Radios } from '../../components/radios.tsx';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';
import { CourseGuidance } from './course-guidance.tsx';

export function UkTrainingSection() {
  const { t } = useTranslation();
  const { register, control } = useFormContext();
  const answer = useWatch({ control, name: 'haveYouCompleted' }) as string;
  const error = useFieldError('haveYouCompleted');
  const notesError = useFieldError('additionalTrainingNotes');
  return (
    <section aria-labelledby="section-training">
      <h2 id="section-training" className="pc-heading-m">
        {t('form.sections.training')}
      </h2>
      <Radios
        {...register('haveYouCompleted')}
        legend={t('form.training.legend')}
        error={error}
        selected={answer}
        options={[
          {
            value: 'yes1',
            label: t('form.training.yes1'),
            hint: t('form.training.yes1Hint'),
            conditional: (
              <TextArea {...register('additionalTrainingNotes')} label={t('form.training.notesLabel')} hint={t('form.training.notesHint')} error={notesError} />
            ),
          },
          { value: 'yes2', label: t('form.training.yes2') },
          { value: 'no', label: t('form.training.no') },
        ]}
      />
      {answer === 'no' ? <CourseGuidance /> : null}
    </section>
  );
}

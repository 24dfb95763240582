// The Oncodemia course question (haveYouCompleted, yes/no), in place of the UK training question.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Radios } from '../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';
import { CourseGuidance } from './course-guidance.tsx';

export function OncodemiaSection() {
  const { t } = useTranslation();
  const text = useFormText();
  const { register, control } = useFormContext();
  const answer = useWatch({ control, name: 'haveYouCompleted' }) as string;
  const error = useFieldError('haveYouCompleted');
  return (
    <section aria-labelledby="section-training">
      <h2 id="section-training" className="pc-heading-m">
        {text('sections.training')}
      </h2>
      <Radios
        {...register('haveYouCompleted')}
        legend={text('oncodemia.legend')}
        hint={text('oncodemia.hint')}
        error={error}
        selected={answer}
        inline
        options={[
          { value: 'yes', label: t('form.yes') },
          { value: 'no', label: t('form.no') },
        ]}
      />
      {answer === 'no' ? <CourseGuidance /> : null}
    </section>
  );
}

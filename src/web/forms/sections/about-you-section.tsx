// Free text for patients (anythingElseAboutYou, 250 characters).
import { useFormContext } from 'react-hook-form';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

export function AboutYouSection() {
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError('anythingElseAboutYou');
  return (
    <section aria-labelledby="section-for-patients">
      <h2 id="section-for-patients" className="pc-heading-m">
        {text('sections.forPatients')}
      </h2>
      <TextArea {...register('anythingElseAboutYou')} label={text('anythingElse.label')} hint={text('anythingElse.hint')} error={error} />
    </section>
  );
}

// The pharmacy's services (Italy, the three steps; the UK page carries them unasked) and the
// Google Business Profile confirmation, each a section of its own in the catalogue.
import { useFormContext } from 'react-hook-form';
import { TextArea } from '../../components/text-area.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

export function ServicesField() {
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError('services');
  return <TextArea {...register('services')} label={text('services.label')} hint={text('services.hint')} error={error} />;
}

export function GoogleProfileBox() {
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError('isChecked');
  return <Checkbox {...register('isChecked')} label={text('isChecked.label')} hint={text('isChecked.hint')} error={error} />;
}

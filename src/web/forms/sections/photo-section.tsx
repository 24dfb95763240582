// The optional photo: the upload sets the hidden photo (file name) and photoId fields. The form's
// entry names the allowed types (the three steps: JPEG or PNG), its namespace the hint.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PhotoInput } from '../../components/photo-input.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText, useHasFormText } from '../form-text.tsx';
import { useRunner } from '../runner-context.tsx';

export function PhotoSection() {
  const { t } = useTranslation();
  const text = useFormText();
  const hasText = useHasFormText();
  const { form, editing } = useRunner();
  const accept = form.files?.photoTypes;
  const [searchParams] = useSearchParams();
  const editToken = editing ? (searchParams.get('pharmacistId') ?? undefined) : undefined;
  const { register, setValue, control } = useFormContext();
  const photo = (useWatch({ control, name: 'photo' }) as string | undefined) ?? '';
  const error = useFieldError('photo', 'photoId');
  return (
    <section aria-labelledby="section-photo">
      <h2 id="section-photo" className="pc-heading-m">
        {t('form.sections.photo')}
      </h2>
      <input type="hidden" {...register('photo')} />
      <input type="hidden" {...register('photoId')} />
      <PhotoInput
        id="photo"
        label={t('form.photo.label')}
        hint={text('photo.hint', { size: 5 })}
        accept={accept}
        wrongFormatText={hasText('photo.wrongFormat') ? text('photo.wrongFormat') : undefined}
        error={error}
        filename={photo}
        editToken={editToken}
        onChange={(uploaded) => {
          setValue('photo', uploaded?.filename ?? '', { shouldDirty: true });
          setValue('photoId', uploaded?.targetId ?? '', { shouldDirty: true });
        }}
      />
    </section>
  );
}

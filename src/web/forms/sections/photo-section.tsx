// The optional photo: the upload sets the hidden photo (file name) and photoId fields. The form's
// entry names the allowed types (the three steps: JPEG or PNG), its namespace the hint.
import { lazy, Suspense } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFieldError } from '../use-field-error.ts';
import { useFormText, useHasFormText } from '../form-text.tsx';
import { useRunner } from '../runner-context.tsx';

// Loaded with the form but after its first paint (the photo comes late in every form).
const PhotoInput = lazy(() => import('../../components/photo-input.tsx').then((m) => ({ default: m.PhotoInput })));

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
        {text('sections.photo')}
      </h2>
      <input type="hidden" {...register('photo')} />
      <input type="hidden" {...register('photoId')} />
      <Suspense
        fallback={
          <p className="pc-body" role="status">
            {t('common.loading')}
          </p>
        }
      >
        <PhotoInput
          id="photo"
          label={text('photo.label')}
          hint={text('photo.hint', { size: 5 })}
          accept={accept}
          wrongFormatText={hasText('photo.wrongFormat') ? text('photo.wrongFormat') : undefined}
          error={error}
          filename={photo}
          editToken={editToken}
          keepOffline={form.queueOffline === true}
          onChange={(uploaded) => {
            setValue('photo', uploaded?.filename ?? '', { shouldDirty: true });
            setValue('photoId', uploaded?.targetId ?? '', { shouldDirty: true });
          }}
        />
      </Suspense>
    </section>
  );
}

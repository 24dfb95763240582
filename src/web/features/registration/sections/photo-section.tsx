// The optional photo: the upload sets the hidden photo (file name) and photoId fields.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhotoInput } from '../../../components/photo-input.tsx';
import { useFieldError } from '../use-field-error.ts';

export interface PhotoSectionProps {
  /** Allowed MIME types (default: any image), with the hint and the wrong-type message that go with them. */
  accept?: readonly string[];
  hint?: string;
  wrongFormatText?: string;
}

export function PhotoSection({ accept, hint, wrongFormatText }: PhotoSectionProps = {}) {
  const { t } = useTranslation();
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
        hint={hint ?? t('form.photo.hint')}
        accept={accept}
        wrongFormatText={wrongFormatText}
        error={error}
        filename={photo}
        onChange={(uploaded) => {
          setValue('photo', uploaded?.filename ?? '', { shouldDirty: true });
          setValue('photoId', uploaded?.targetId ?? '', { shouldDirty: true });
        }}
      />
    </section>
  );
}

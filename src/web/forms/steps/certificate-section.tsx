// Step 1: the training question and the certificate (pdf, jpeg, png or heic, at most 5 MB).
// A chosen file is checked at once; a good one is kept in IndexedDB until the form is sent.
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, MB } from '#shared/limits.ts';
import type { Country } from '#shared/markets.ts';
import {
  CERTIFICATE_EXTENSIONS,
  CERTIFICATE_MIME_TYPES,
  certificateBytesLookRight,
  certificateProblem,
  type FileLike,
} from '#shared/schemas/registration-steps.ts';
import { FileInput } from '../../components/file-input.tsx';
import { Radios } from '../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';
import { CourseGuidance } from '../sections/course-guidance.tsx';
import { certificateErrorKey } from './certificate-text.ts';
import { deleteCertificate, putCertificate } from './certificate-store.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { storeOf, updateMeta } from '../answers-store.ts';

const ACCEPT = [...CERTIFICATE_MIME_TYPES, ...CERTIFICATE_EXTENSIONS].join(',');

function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(new Uint8Array(reader.result)) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, 16));
  });
}

async function contentLooksRight(file: File): Promise<boolean> {
  try {
    return certificateBytesLookRight(await readHead(file));
  } catch {
    return true; // unreadable here: the server checks the content anyway
  }
}

export interface TrainingSectionProps {
  country: Country;
  /** Answers came from a draft, which keeps no files. */
  askAgain: boolean;
  /** Editing an application: the certificate sent before stays unless another is chosen. */
  editing: boolean;
}

export function TrainingAndCertificateSection({ country, askAgain, editing }: TrainingSectionProps) {
  const { t, i18n } = useTranslation();
  const { register, control, setValue } = useFormContext();
  const { isSubmitted, errors } = useFormState({ control, name: 'file' });
  const completed = useWatch({ control, name: 'haveYouCompleted' }) as string;
  const { field } = useController({ name: 'file' });
  const value = field.value as FileLike | null;
  const file = value && typeof value.name === 'string' ? value : null;
  const completedError = useFieldError('haveYouCompleted');
  const fileKey = (errors.file?.message as string | undefined) ?? '';
  // A generic key from the schema or the server becomes the certificate's own sentence.
  const fileError = fileKey ? (i18n.exists(certificateErrorKey(fileKey)) ? t(certificateErrorKey(fileKey)) : t('validation.invalid')) : undefined;
  const formatSize = (bytes: number) =>
    bytes >= MB / 10
      ? `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(bytes / MB)} MB`
      : `${new Intl.NumberFormat(i18n.language).format(Math.max(1, Math.ceil(bytes / 1024)))} KB`;

  const onChange = (chosen: File | null) => {
    // A chosen file is checked at once; removing one only re-checks after a failed attempt.
    setValue('file', chosen, { shouldDirty: true, shouldValidate: chosen !== null || isSubmitted });
    void (async () => {
      if (chosen && !certificateProblem(chosen) && !(await contentLooksRight(chosen))) {
        // Named like a certificate, but its bytes say otherwise (e.g. an executable renamed .pdf):
        // keep its name on show, with a type the check refuses.
        setValue('file', { name: chosen.name, size: chosen.size, type: 'application/octet-stream' } satisfies FileLike, { shouldValidate: true });
      } else if (chosen && !certificateProblem(chosen)) {
        await putCertificate(chosen);
        updateMeta(storeOf(FORMS['apply-steps'], country), {
          certificate: { name: chosen.name, size: chosen.size, type: chosen.type },
          certificateMissingFromDraft: undefined,
        });
      } else if (!chosen) {
        await deleteCertificate();
        updateMeta(storeOf(FORMS['apply-steps'], country), { certificate: undefined });
      }
    })();
  };

  return (
    <section aria-labelledby="section-training">
      <h2 id="section-training" className="pc-heading-m">
        {t('steps.sections.training')}
      </h2>
      <Radios
        {...register('haveYouCompleted')}
        legend={t('steps.training.legend')}
        error={completedError}
        selected={completed}
        inline
        options={[
          { value: 'yes', label: t('form.yes') },
          { value: 'no', label: t('form.no') },
        ]}
      />
      {completed === 'no' ? <CourseGuidance /> : null}
      <FileInput
        id="file"
        label={t('steps.certificate.label')}
        hint={t(editing ? 'steps.certificate.hintEditing' : 'steps.certificate.hint', { size: MAX_UPLOAD_BYTES / MB })}
        note={askAgain && !file ? t('steps.certificate.askAgain') : undefined}
        error={fileError}
        accept={ACCEPT}
        file={file}
        onChange={onChange}
        texts={{
          choose: t('steps.certificate.choose'),
          chooseAnother: t('steps.certificate.chooseAnother'),
          remove: t('steps.certificate.remove'),
          chosen: t('steps.certificate.chosen'),
          size: formatSize,
        }}
      />
    </section>
  );
}

// The certificate's own sentences for the generic file error keys (schema or server), used at the
// field and in the error summary.
import { FileErrorKey } from '#shared/schemas/registration-steps.ts';

const CERTIFICATE_KEYS: Record<string, string> = {
  [FileErrorKey.fileType]: 'steps.certificate.errors.fileType',
  [FileErrorKey.fileTooBig]: 'steps.certificate.errors.fileTooBig',
  [FileErrorKey.required]: 'steps.certificate.errors.required',
  [FileErrorKey.fileUnreadable]: 'steps.certificate.errors.unreadable',
  [FileErrorKey.fileActiveContent]: 'steps.certificate.errors.activeContent',
};

/** The i18n key to show for an error key reported at the certificate. */
export function certificateErrorKey(key: string): string {
  return CERTIFICATE_KEYS[key] ?? key;
}

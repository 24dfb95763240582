// The applicant's submit (POST /api/save-pharmacist) as a use case: the form chosen by the body's
// market and language, its checks, the certificate and photo, the bot check, and the save. The
// route reads the body (JSON or multipart) and answers what this returns.
import { isCountry, isLanguage } from '#shared/markets.ts';
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { payloadSchema } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { ApiMessage, fieldErrors } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { checkBody } from './check-body.ts';
import type { ApplicationInput, ApplicationStore, StatusLinkFor } from './applications.ts';
import type { CaptchaService } from './captcha.ts';
import { certificateToStore, certificateType, checkCertificate, FileErrorKey, type CertificateCheck } from './files/certificates.ts';

/** What a submit ends in: saved, refused field by field, or refused as a duplicate (its message). */
export type SubmitOutcome =
  | { ok: true; id: string; reference: string | null }
  | { ok: false; invalid: Record<string, string> }
  | { ok: false; conflict: typeof ApiMessage.emailRegistered | typeof ApiMessage.registrationNumberRegistered };

/** Hidden field that people never fill in and simple bots do. */
const HONEYPOT_FIELD = 'website';

/** The form an application is validated with, by its market and language; a filled honeypot is refused first. */
function chooseApplicationForm(
  fields: Record<string, unknown>,
): { refused: Record<string, string> } | { form: FormDef; schema: ReturnType<typeof payloadSchema> } {
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return { refused: { [HONEYPOT_FIELD]: ErrorKey.invalid } };
  const { appStoreCountry, formLanguage } = fields;
  if (!isCountry(appStoreCountry)) return { refused: { appStoreCountry: ErrorKey.invalid } };
  if (!isLanguage(formLanguage)) return { refused: { formLanguage: ErrorKey.invalid } };
  const form = applicationFormFor(appStoreCountry, formLanguage);
  return { form, schema: payloadSchema(form) };
}

/** The whole submit, independent of how the body arrived (JSON, or multipart with the certificate as `file`). */
export async function submitApplication(
  fields: unknown,
  deps: { applications: ApplicationStore; captcha: CaptchaService },
  certificateFile: Buffer | null = null,
  statusLinkFor?: StatusLinkFor,
): Promise<SubmitOutcome> {
  const refuse = (invalid: Record<string, string>): SubmitOutcome => ({ ok: false, invalid });
  const checked = checkBody(fields, chooseApplicationForm);
  if ('refused' in checked) return refuse(checked.refused);
  const { form, parsed } = checked;
  const errors = parsed.success ? {} : fieldErrors(parsed.error);

  // The three-step variants need the training certificate, unless the application being edited has one.
  let certificateSent = false;
  if (form.files?.certificate) {
    if (certificateFile) {
      const type = await certificateType(certificateFile);
      if (type.ok) certificateSent = true;
      else errors.file = type.error;
    } else {
      const loginToken = parsed.success && typeof parsed.data.loginToken === 'string' ? parsed.data.loginToken : undefined;
      const editing = form.files.certificate === 'unlessEditing' && loginToken && (await deps.applications.hasCertificate(loginToken));
      if (!editing) errors.file = FileErrorKey.required;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return refuse(errors);
  const input = parsed.data as ApplicationInput;

  // Decision 0004: the form's photo types (every three-step pair: JPEG or PNG), not the market's.
  const photoTypes = form.files?.photoTypes;
  if (photoTypes && input.photo && !(await deps.applications.isPhotoOfType(input.photo, photoTypes))) {
    return refuse({ photo: FileErrorKey.fileType });
  }

  // Verified here, recorded as used by the save itself (in its transaction, or alone when refused).
  const captcha = await deps.captcha.verify(input.recaptchaToken ?? '');
  if (!captcha.ok) return refuse({ recaptchaToken: ErrorKey.captcha });

  // The certificate's costly part (parsing a PDF, decoding an image) only behind a solved bot
  // check, which a refused certificate uses up.
  let certificate: CertificateCheck | null = null;
  if (certificateSent && certificateFile) {
    certificate = await checkCertificate(certificateFile);
    if (!certificate.ok) {
      await deps.captcha.markUsed(captcha.used);
      return refuse({ file: certificate.error });
    }
  }

  const result = await deps.applications.save(input, {
    certificate: certificate?.ok ? certificateToStore(certificate) : undefined,
    captcha: captcha.used,
    photoTypes,
    statusLinkFor,
  });
  if (result.ok) return { ok: true, id: result.id, reference: result.reference };
  if ('conflict' in result) return { ok: false, conflict: result.conflict === 'email' ? ApiMessage.emailRegistered : ApiMessage.registrationNumberRegistered };
  if ('captcha' in result) return refuse({ recaptchaToken: ErrorKey.captcha });
  return refuse({ [result.invalid]: result.code ?? ErrorKey.invalid });
}

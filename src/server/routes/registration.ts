// POST /api/save-pharmacist and GET /api/get-pharmacist (spec §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as Api from '#shared/api/endpoints.ts';
import { routePath } from '#shared/routes.ts';
import { isCountry, isLanguage } from '#shared/markets.ts';
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { payloadSchema } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { ApiMessage, fieldErrors } from '#shared/schemas/api.ts';
import { EditTokenSchema, ErrorKey } from '#shared/schemas/fields.ts';
import { failed, okFor } from '../http/answers.ts';
import { checkBody } from '../http/parse-body.ts';
import { readMultipartForm } from '../http/multipart.ts';
import type { ApplicationInput, ApplicationStore, StatusLinkFor } from '../services/applications.ts';
import type { Config } from '../config.ts';
import { applicantLinkBuilder } from '../services/links.ts';
import { certificateToStore, certificateType, checkCertificate, FileErrorKey, type CertificateCheck } from '../services/files/certificates.ts';
import type { CaptchaService } from '../services/captcha.ts';

export interface RegistrationDeps {
  applications: ApplicationStore;
  captcha: CaptchaService;
  config: Pick<Config, 'publicUrl' | 'marketHosts'>;
  rateLimit: { max: number; timeWindow: string };
}

/** Hidden field that people never fill in and simple bots do. */
const HONEYPOT_FIELD = 'website';

export type SaveOutcome = { httpStatus: number; body: Record<string, unknown> };

/** The form an application is validated with, by its market and language; a filled honeypot is refused first. */
function chooseApplicationForm(fields: Record<string, unknown>): { refused: Record<string, string> } | { form: FormDef; schema: ReturnType<typeof payloadSchema> } {
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return { refused: { [HONEYPOT_FIELD]: ErrorKey.invalid } };
  const { appStoreCountry, formLanguage } = fields;
  if (!isCountry(appStoreCountry)) return { refused: { appStoreCountry: ErrorKey.invalid } };
  if (!isLanguage(formLanguage)) return { refused: { formLanguage: ErrorKey.invalid } };
  const form = applicationFormFor(appStoreCountry, formLanguage);
  return { form, schema: payloadSchema(form) };
}

/** The whole save, independent of how the body arrived (JSON, or multipart with the certificate as `file`). */
async function saveApplication(
  fields: unknown,
  deps: Pick<RegistrationDeps, 'applications' | 'captcha'>,
  certificateFile: Buffer | null = null,
  statusLinkFor?: StatusLinkFor,
): Promise<SaveOutcome> {
  const refuse = (errors: Record<string, string>): SaveOutcome => ({ httpStatus: 400, body: { status: 'failed', message: 'invalid', errors } });
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

  const result = await deps.applications.save(input, { certificate: certificate?.ok ? certificateToStore(certificate) : undefined, captcha: captcha.used, photoTypes, statusLinkFor });
  if (result.ok) return { httpStatus: 200, body: { status: 'ok', message: ApiMessage.saved, data: { id: result.id, reference: result.reference } } };
  if ('conflict' in result) {
    const message = result.conflict === 'email' ? ApiMessage.emailRegistered : ApiMessage.registrationNumberRegistered;
    return { httpStatus: 409, body: { status: 'failed', message } };
  }
  if ('captcha' in result) return refuse({ recaptchaToken: ErrorKey.captcha });
  return refuse({ [result.invalid]: result.code ?? ErrorKey.invalid });
}

/** The status link of the 'received' e-mail (issue 25 item 5); none when the request's host gives no public origin. */
function statusLinkBuilder(request: FastifyRequest, config: RegistrationDeps['config']): StatusLinkFor {
  const link = applicantLinkBuilder(request, config);
  if (!link) {
    request.log.warn({ host: request.headers.host }, 'status link left out of the received e-mail: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
    request.server.publicAddress.missing(request, 'status link');
  }
  return (country, language, token) => link?.(country, language, routePath('myApplication', { token })) ?? null;
}

export async function registrationRoutes(app: FastifyInstance, deps: RegistrationDeps) {
  // The German submit is multipart with a certificate of up to 5 MB; the JSON submit is small.
  app.post(Api.savePharmacist.path, { config: { rateLimit: deps.rateLimit, uploadBody: 'multipart' } }, async (request, reply) => {
    if (request.isMultipart()) {
      const form = await readMultipartForm(request);
      if (!form.ok) return reply.code(form.httpStatus).send({ status: 'failed', message: 'invalid', errors: form.errors });
      const outcome = await saveApplication(form.fields, deps, form.file, statusLinkBuilder(request, deps.config));
      return reply.code(outcome.httpStatus).send(outcome.body);
    }
    const outcome = await saveApplication(request.body, deps, null, statusLinkBuilder(request, deps.config));
    return reply.code(outcome.httpStatus).send(outcome.body);
  });

  app.get(Api.getPharmacist.path, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = EditTokenSchema.safeParse(query.id);
    if (!token.success) return failed(reply, 404, ApiMessage.notFound);
    const application = await deps.applications.findByEditToken(token.data);
    if (!application) return failed(reply, 404, ApiMessage.notFound);
    reply.header('cache-control', 'no-store');
    return okFor(Api.getPharmacist, reply, application.answers);
  });
}

// POST /api/save-pharmacist and GET /api/get-pharmacist (spec §7).
import type { FastifyInstance } from 'fastify';
import { isCountry, isLanguage } from '#shared/markets.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { EditTokenSchema, ErrorKey } from '#shared/schemas/fields.ts';
import { fieldErrors, registrationPayloadSchemaFor } from '#shared/schemas/registration.ts';
import { failed, isPlainObject, ok, WHOLE_BODY_INVALID } from '../http/answers.ts';
import type { ApplicationInput, ApplicationStore } from '../services/applications.ts';
import type { CaptchaService } from '../services/captcha.ts';

export interface RegistrationDeps {
  applications: ApplicationStore;
  captcha: CaptchaService;
  rateLimit: { max: number; timeWindow: string };
}

/** Hidden field that people never fill in and simple bots do. */
export const HONEYPOT_FIELD = 'website';

export type SaveOutcome = { httpStatus: number; body: Record<string, unknown> };

/** The whole save, independent of how the body arrived (JSON now, multipart for Germany later). */
export async function saveApplication(fields: unknown, deps: Pick<RegistrationDeps, 'applications' | 'captcha'>): Promise<SaveOutcome> {
  const refuse = (errors: Record<string, string>): SaveOutcome => ({ httpStatus: 400, body: { status: 'failed', message: 'invalid', errors } });
  if (!isPlainObject(fields)) return refuse(WHOLE_BODY_INVALID);

  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return refuse({ [HONEYPOT_FIELD]: ErrorKey.invalid });

  const { appStoreCountry, formLanguage } = fields;
  if (!isCountry(appStoreCountry)) return refuse({ appStoreCountry: ErrorKey.invalid });
  if (!isLanguage(formLanguage)) return refuse({ formLanguage: ErrorKey.invalid });
  const schema = registrationPayloadSchemaFor(appStoreCountry, formLanguage);
  if (!schema) return refuse({ formLanguage: ErrorKey.invalid });

  const parsed = schema.safeParse(fields);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));

  const captcha = await deps.captcha.redeem(parsed.data.recaptchaToken);
  if (!captcha.ok) return refuse({ recaptchaToken: ErrorKey.captcha });

  const result = await deps.applications.save(parsed.data as ApplicationInput);
  if (result.ok) return { httpStatus: 200, body: { status: 'ok', message: ApiMessage.saved, data: { id: result.id } } };
  if ('conflict' in result) {
    const message = result.conflict === 'email' ? ApiMessage.emailRegistered : ApiMessage.registrationNumberRegistered;
    return { httpStatus: 409, body: { status: 'failed', message } };
  }
  return refuse({ [result.invalid]: ErrorKey.invalid });
}

export async function registrationRoutes(app: FastifyInstance, deps: RegistrationDeps) {
  app.post('/api/save-pharmacist', { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const outcome = await saveApplication(request.body, deps);
    return reply.code(outcome.httpStatus).send(outcome.body);
  });

  app.get('/api/get-pharmacist', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = EditTokenSchema.safeParse(query.id);
    if (!token.success) return failed(reply, 404, ApiMessage.notFound);
    const application = await deps.applications.findByEditToken(token.data);
    if (!application) return failed(reply, 404, ApiMessage.notFound);
    reply.header('cache-control', 'no-store');
    return ok(reply, application.answers);
  });
}

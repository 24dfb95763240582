// A field-signed pharmacist's page behind their e-mailed link (issue 23): GET /api/field-confirmation?id=
// (what was recorded, the form's prefill) and POST /api/field-confirmation (their corrections and
// declarations, with the bot check). The token is the only key: an unknown, expired or used one is 404.
// A verified bot-check solution is spent by every answer, refusals included (404, 409, a photo of
// the wrong type), as the application save spends it.
import type { FastifyInstance } from 'fastify';
import { FormApi, type PayloadOf } from '#shared/api/form-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { FieldConfirmationTokenSchema } from '#shared/schemas/field-confirmation.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { failed, invalid, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { requireJson } from '../http/staff.ts';
import type { ApplicationStore } from '../services/applications.ts';
import type { CaptchaService } from '../services/captcha.ts';
import type { PharmacistConfirmation } from '../services/field-force/pharmacist-confirmation.ts';
import { FileErrorKey } from '../services/files/certificates.ts';

export async function fieldConfirmationRoutes(
  app: FastifyInstance,
  deps: {
    confirmation: PharmacistConfirmation;
    captcha: CaptchaService;
    applications: Pick<ApplicationStore, 'isPhotoOfType'>;
    rateLimit: { max: number; timeWindow: string };
  },
) {
  const contract = FormApi['field-confirmation'];

  app.get(contract.prefill!.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = FieldConfirmationTokenSchema.safeParse((request.query as { id?: unknown }).id);
    const recorded = token.success ? await deps.confirmation.view(token.data) : null;
    if (!recorded) return failed(reply, 404, ApiMessage.notFound);
    return okFor(contract.prefill!, reply, recorded);
  });

  app.post<{ Body: PayloadOf<'field-confirmation'> }>(
    contract.path,
    { onRequest: requireJson, preHandler: parseBody(contract.request), config: { rateLimit: deps.rateLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const payload = request.body;
      const captcha = await deps.captcha.verify(payload.recaptchaToken);
      if (!captcha.ok) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
      // From here every refusal spends the solution, as the application save's do (issue 36 item 5):
      // one solution is one try, not one probe of the registration numbers on record per refusal.
      if (payload.photo && !(await deps.applications.isPhotoOfType(payload.photo, FORMS['field-confirmation'].files.photoTypes))) {
        if (!(await deps.captcha.markUsed(captcha.used))) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
        return invalid(reply, { photo: FileErrorKey.fileType });
      }
      const result = await deps.confirmation.confirm(payload.token, payload, captcha.used);
      if (!result.ok) {
        if (result.reason === 'captcha') return invalid(reply, { recaptchaToken: ErrorKey.captcha });
        if (result.reason === 'registrationNumber') return failed(reply, 409, ApiMessage.registrationNumberRegistered);
        return failed(reply, 404, ApiMessage.notFound);
      }
      request.log.info({ applicationId: result.id }, 'field-signed pharmacist confirmed');
      return okFor(contract, reply, { id: result.id, reference: result.reference }, ApiMessage.saved);
    },
  );
}

// The area manager's side of the field force (issue 12): one page of their pharmacies, one
// pharmacy with its call history, adding a pharmacy (screens 7 + 3) or a rep, editing a
// pharmacy's details and rep, and the CSV export. Whose area a request may touch is the access
// policy's decision (http/access-policy.ts), taken before the handler and before the body's
// own check, so another manager's id is 403 with no data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import * as Api from '#shared/api/staff-endpoints.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { payloadSchema } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { fieldErrors } from '#shared/schemas/api.ts';
import { routePath } from '#shared/routes.ts';
import { AreaManagerPharmaciesQuerySchema, type StaffLanguage } from '#shared/schemas/staff.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor, type ResourceKind } from '../http/access-policy.ts';
import { failed, invalid, invalidFromZod, isPlainObject, ok, WHOLE_BODY_INVALID } from '../http/answers.ts';
import { requireJson, requireStaff } from '../http/staff.ts';
import { accordCsvStream, csvFileName } from '../services/accord-csv.ts';
import type { AreaManagerPharmacies } from '../services/area-manager-pharmacies.ts';
import type { ApplicationStore } from '../services/applications.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { welcomeMail } from '../services/auth/mail.ts';
import type { CaptchaService } from '../services/captcha.ts';
import type { FieldPharmacy, FieldSales } from '../services/field-sales.ts';
import { FileErrorKey } from '../services/files/certificates.ts';
import { linkOrigin } from '../services/links.ts';
import type { Mailer } from '../services/mail/outbox.ts';

export interface AreaManagerDeps {
  auth: AuthService;
  fieldSales: FieldSales;
  pharmacies: AreaManagerPharmacies;
  applications: Pick<ApplicationStore, 'isPhotoOfType'>;
  captcha: CaptchaService;
  mailer: Mailer;
  config: Config;
}

/** The body checked with a catalogue entry's payload schema (unknown fields dropped, free text stripped). */
function parsedWith(form: FormDef, request: FastifyRequest): { ok: true; data: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  if (!isPlainObject(request.body)) return { ok: false, errors: WHOLE_BODY_INVALID };
  const parsed = payloadSchema(form).safeParse(request.body);
  return parsed.success ? { ok: true, data: parsed.data as Record<string, unknown> } : { ok: false, errors: fieldErrors(parsed.error) };
}

const staffLanguage = (formLanguage: unknown): StaffLanguage => (formLanguage === 'it' ? 'it' : 'en');

export async function areaManagerRoutes(app: FastifyInstance, deps: AreaManagerDeps) {
  const { auth, fieldSales, pharmacies, config } = deps;
  const staffFor = (kind: ResourceKind) => requireStaff(auth, config, rolesFor(kind));
  const loadAreaManager = async (id: string) => {
    const user = await auth.users.findById(id);
    return user?.role === 'area_manager' ? user : null;
  };
  const areaManagerIn = (from: 'query' | 'body', name: string) => [staffFor('areaManager'), requireAccess('areaManager', { id: { from, name }, load: loadAreaManager })];
  const pharmacyIn = (from: 'query' | 'body', name: string) => [
    requireStaff(auth, config, ['main_admin', 'area_manager']),
    requireAccess('pharmacy', { id: { from, name }, load: (id) => fieldSales.pharmacy(id) }),
  ];

  app.get(Api.areaManagerPharmacies.path, { preHandler: areaManagerIn('query', 'id') }, async (request, reply) => {
    const query = z.safeParse(AreaManagerPharmaciesQuerySchema, request.query);
    if (!query.success) return invalidFromZod(reply, query.error);
    const { page, q, callFlag, due } = query.data;
    const result = await pharmacies.page(accessed(request).id, { page, q, callFlag, due: due === '1' });
    return reply.code(200).send({ status: 'ok', data: result.data, total: result.total });
  });

  // The view on a reload; the rep's own GET /api/rep-get-pharmacy stays the rep form's.
  app.get(Api.areaManagerPharmacy.path, { preHandler: pharmacyIn('query', 'id') }, async (request, reply) =>
    ok(reply, await pharmacies.detail(accessed<FieldPharmacy>(request).record)),
  );

  app.post(Api.createPharmacy.path, { onRequest: requireJson, preHandler: areaManagerIn('body', 'areaManagerId') }, async (request, reply) => {
    const form = FORMS['areamanager-pharmacy'];
    const body = parsedWith(form, request);
    if (!body.ok) return invalid(reply, body.errors);
    const payload = body.data;
    const areaManagerId = accessed(request).id;
    if (!(await pharmacies.isRepOf(areaManagerId, String(payload.salesRep)))) return invalid(reply, { salesRep: ErrorKey.choose });
    if (typeof payload.photo === 'string' && payload.photo && !(await deps.applications.isPhotoOfType(payload.photo, form.files.photoTypes))) {
      return invalid(reply, { photo: FileErrorKey.fileType });
    }
    const captcha = await deps.captcha.verify(String(payload.recaptchaToken ?? ''));
    if (!captcha.ok) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
    // The bot check is spent in the insert's transaction: a solution is accepted once.
    const saved = await pharmacies
      .create(areaManagerId, payload, async (tx) => {
        if (!(await deps.captcha.markUsed(captcha.used, tx))) throw new CaptchaReused();
      })
      .catch((error: unknown) => (error instanceof CaptchaReused ? null : Promise.reject(error)));
    if (!saved) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
    if (!saved.ok) return invalid(reply, { placeId: ErrorKey.invalid });
    request.log.info({ by: request.staff!.user.id, pharmacyId: saved.id }, 'field pharmacy added');
    return ok(reply, { id: saved.id }, ApiMessage.saved);
  });

  app.put(Api.updatePharmacyDetails.path, { onRequest: requireJson, preHandler: pharmacyIn('body', 'pharmacyId') }, async (request, reply) => {
    const body = parsedWith(FORMS['areamanager-pharmacy-edit'], request);
    if (!body.ok) return invalid(reply, body.errors);
    const row = accessed<FieldPharmacy>(request).record;
    if (!(await pharmacies.isRepOf(row.areaManagerId, String(body.data.salesRep)))) return invalid(reply, { salesRep: ErrorKey.choose });
    const saved = await pharmacies.updateDetails(row, body.data);
    if (!saved.ok) return invalid(reply, { placeId: ErrorKey.invalid });
    request.log.info({ by: request.staff!.user.id, pharmacyId: row.id }, 'field pharmacy details changed');
    return ok(reply, { id: row.id }, ApiMessage.saved);
  });

  app.post(Api.addRep.path, { onRequest: requireJson, preHandler: areaManagerIn('body', 'areaManagerId') }, async (request, reply) => {
    const body = parsedWith(FORMS['add-rep'], request);
    if (!body.ok) return invalid(reply, body.errors);
    const { email, firstName, lastName, formLanguage } = body.data as Record<string, string>;
    const areaManagerId = accessed(request).id;
    const language = staffLanguage(formLanguage);
    const added = await auth.users.add({ email: email!, firstName: firstName!, lastName: lastName!, role: 'sales_rep', areaManagerId, language });
    if (added === 'duplicate') return failed(reply, 409, ApiMessage.emailRegistered);
    request.log.info({ by: request.staff!.user.id, repId: added.id, areaManagerId }, 'rep added');
    // Sign-in links work only in the browser that asks for one, so the mail names the sign-in page.
    const origin = linkOrigin(request, config);
    if (origin) {
      const manager = accessed<{ firstName: string; lastName: string }>(request).record;
      const signInPage = `${origin}/it${routePath('signIn')}`;
      await deps.mailer.sendMail({ to: email!, ...welcomeMail(language, firstName!, `${manager.firstName} ${manager.lastName}`, signInPage, config.productName) });
    } else {
      request.log.warn({ host: request.headers.host }, 'welcome mail not sent: no public origin for this host (set PUBLIC_URL or MARKET_HOSTS)');
    }
    return ok(reply, { id: added.id, areamanager: true }, ApiMessage.saved);
  });

  app.get(Api.accordCsv.path, { preHandler: areaManagerIn('query', 'id') }, async (request, reply) => {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${csvFileName(new Date())}"`);
    return reply.code(200).send(accordCsvStream(pharmacies, accessed(request).id));
  });
}

class CaptchaReused extends Error {}

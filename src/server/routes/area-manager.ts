// The area manager's side of the field force (issue 12): one page of their pharmacies, one
// pharmacy with its call history, adding a pharmacy (screens 7 + 3) or a rep, editing a
// pharmacy's details and rep, and the CSV export. Whose area a request may touch is the access
// policy's decision (http/access-policy.ts), taken before the handler and before the body's
// own check, so another manager's id is 403 with no data.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { FormApi, type PayloadOf } from '#shared/api/form-endpoints.ts';
import * as Api from '#shared/api/staff-endpoints.ts';
import { isFieldForceLanguage, isLanguage, type Language } from '#shared/markets.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { CsvExportQuerySchema } from '#shared/schemas/csv-export.ts';
import { AreaManagerPharmaciesQuerySchema, type StaffLanguage } from '#shared/schemas/staff.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accessed, requireAccess, rolesFor, type ResourceKind } from '../http/access-policy.ts';
import { failed, invalid, invalidFromZod, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { requireJson, requireStaff } from '../http/staff.ts';
import type { ActivityLog } from '../services/activity-log.ts';
import { accordCsvStream, csvFileName } from '../services/field-force/accord-csv.ts';
import { visitsCsvFileName, visitsCsvStream } from '../services/field-force/visits-csv.ts';
import type { AreaManagerPharmacies } from '../services/field-force/area-manager-pharmacies.ts';
import type { ApplicationStore } from '../services/applications.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { welcomeNewStaff } from '../services/auth/staff-welcome.ts';
import type { CaptchaService } from '../services/captcha.ts';
import type { FieldSales } from '../services/field-force/field-sales.ts';
import type { FieldPharmacy } from '../services/field-force/pharmacy-row.ts';
import { FileErrorKey } from '../services/files/certificates.ts';
import { marketBase } from '../services/links.ts';
import type { Mailer } from '../services/mail/outbox.ts';

export interface AreaManagerDeps {
  db: Database;
  auth: AuthService;
  fieldSales: FieldSales;
  pharmacies: AreaManagerPharmacies;
  applications: Pick<ApplicationStore, 'isPhotoOfType'>;
  captcha: CaptchaService;
  mailer: Mailer;
  activityLog: Pick<ActivityLog, 'recordCsvExport' | 'recordView'>;
  config: Config;
}

/** A rep added from the area manager's form gets its e-mails in the form's language when the field force works in it, else in English. */
const staffLanguage = (formLanguage: Language): StaffLanguage => (isFieldForceLanguage(formLanguage) ? formLanguage : 'en');

export async function areaManagerRoutes(app: FastifyInstance, deps: AreaManagerDeps) {
  const { auth, fieldSales, pharmacies, config } = deps;
  const staffFor = (kind: ResourceKind) => requireStaff(auth, config, rolesFor(kind));
  const loadAreaManager = async (id: string) => {
    const user = await auth.users.findById(id);
    return user?.role === 'area_manager' ? user : null;
  };
  const areaManagerIn = (from: 'query' | 'body', name: string) => [
    staffFor('areaManager'),
    requireAccess('areaManager', { id: { from, name }, load: loadAreaManager }),
  ];
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
  app.get(Api.areaManagerPharmacy.path, { preHandler: pharmacyIn('query', 'id') }, async (request, reply) => {
    const record = accessed<FieldPharmacy>(request).record;
    // Who saw whom (issue 42 item 5): the pharmacy's pharmacists are in the answer.
    await deps.activityLog.recordView({ actorId: request.staff!.user.id, actorRole: request.staff!.user.role, record: 'fieldPharmacy', recordId: record.id });
    return okFor(Api.areaManagerPharmacy, reply, await pharmacies.detail(record));
  });

  const addPharmacy = FormApi['areamanager-pharmacy'];
  app.post<{ Body: PayloadOf<'areamanager-pharmacy'> }>(
    addPharmacy.path,
    { onRequest: requireJson, preHandler: [...areaManagerIn('body', 'areaManagerId'), parseBody(addPharmacy.request)] },
    async (request, reply) => {
      const payload = request.body;
      const areaManagerId = accessed(request).id;
      if (!(await pharmacies.isRepOf(areaManagerId, payload.salesRep))) return invalid(reply, { salesRep: ErrorKey.choose });
      if (payload.photo && !(await deps.applications.isPhotoOfType(payload.photo, FORMS['areamanager-pharmacy'].files.photoTypes))) {
        return invalid(reply, { photo: FileErrorKey.fileType });
      }
      const captcha = await deps.captcha.verify(payload.recaptchaToken);
      if (!captcha.ok) return invalid(reply, { recaptchaToken: ErrorKey.captcha });
      // The bot check is spent in the insert's transaction: a solution is accepted once.
      const recordedBy = {
        userId: request.staff!.user.id,
        language: isLanguage(payload.formLanguage) ? payload.formLanguage : 'it',
        linkBase: marketBase(request, config, 'it'),
      } as const;
      if (!recordedBy.linkBase) request.server.publicAddress.missing(request, 'pharmacist confirmation');
      const saved = await pharmacies.create(areaManagerId, payload, { captcha: captcha.used, recordedBy });
      if (!saved.ok) return invalid(reply, 'captcha' in saved ? { recaptchaToken: ErrorKey.captcha } : { placeId: ErrorKey.invalid });
      request.log.info({ by: request.staff!.user.id, pharmacyId: saved.id }, 'field pharmacy added');
      return okFor(addPharmacy, reply, { id: saved.id }, ApiMessage.saved);
    },
  );

  const editPharmacy = FormApi['areamanager-pharmacy-edit'];
  app.put<{ Body: PayloadOf<'areamanager-pharmacy-edit'> }>(
    editPharmacy.path,
    { onRequest: requireJson, preHandler: [...pharmacyIn('body', 'pharmacyId'), parseBody(editPharmacy.request)] },
    async (request, reply) => {
      const row = accessed<FieldPharmacy>(request).record;
      if (!(await pharmacies.isRepOf(row.areaManagerId, request.body.salesRep))) return invalid(reply, { salesRep: ErrorKey.choose });
      const saved = await pharmacies.updateDetails(row, request.body);
      if (!saved.ok) return invalid(reply, { placeId: ErrorKey.invalid });
      request.log.info({ by: request.staff!.user.id, pharmacyId: row.id }, 'field pharmacy details changed');
      return okFor(editPharmacy, reply, { id: row.id }, ApiMessage.saved);
    },
  );

  const addRep = FormApi['add-rep'];
  app.post<{ Body: PayloadOf<'add-rep'> }>(
    addRep.path,
    { onRequest: requireJson, preHandler: [...areaManagerIn('body', 'areaManagerId'), parseBody(addRep.request)] },
    async (request, reply) => {
      const { email, firstName, lastName, formLanguage } = request.body;
      const areaManagerId = accessed(request).id;
      const language = staffLanguage(formLanguage);
      const added = await auth.users.add({ email, firstName, lastName, role: 'sales_rep', areaManagerId, language }, { actorId: request.staff!.user.id });
      if (added === 'duplicate') return failed(reply, 409, ApiMessage.emailRegistered);
      request.log.info({ by: request.staff!.user.id, repId: added.id, areaManagerId }, 'rep added');
      const manager = accessed<{ firstName: string; lastName: string }>(request).record;
      await welcomeNewStaff(request, deps, {
        role: 'sales_rep',
        email,
        firstName,
        language,
        addedBy: `${manager.firstName} ${manager.lastName}`,
        market: 'it',
      });
      return okFor(addRep, reply, { id: added.id, areamanager: true }, ApiMessage.saved);
    },
  );

  app.get(Api.accordCsv.path, { preHandler: areaManagerIn('query', 'id') }, async (request, reply) => {
    const query = z.safeParse(CsvExportQuerySchema, request.query);
    if (!query.success) return invalidFromZod(reply, query.error);
    const { format, from, to, lang } = query.data;
    const areaManagerId = accessed(request).id;
    const actorId = request.staff!.user.id;
    const sent = { rows: 0, pharmacyIds: new Set<string>() };
    // The activity log records the export once the answer is over, finished or not: an export
    // broken off midway (the client gone, a failed read) still handed rows out, so it is recorded
    // with the rows written to the response by then (those of the last batch may not all have
    // reached the client). Only an answer that never began (no headers sent) records nothing.
    reply.raw.once('close', () => {
      if (!reply.raw.headersSent) return;
      const complete = reply.raw.writableFinished;
      deps.activityLog.recordCsvExport({
        actorId,
        actorRole: request.staff!.user.role,
        areaManagerId,
        rows: sent.rows,
        format,
        fieldPharmacyIds: [...sent.pharmacyIds],
      });
      request.log.info({ by: actorId, areaManagerId, format, rows: sent.rows, complete }, complete ? 'CSV export sent' : 'CSV export broken off');
    });
    reply.header('content-type', 'text/csv; charset=utf-8');
    if (format === 'machine') {
      reply.header('content-disposition', `attachment; filename="${csvFileName(new Date())}"`);
      return reply.code(200).send(accordCsvStream(deps.db, areaManagerId, sent));
    }
    // The words are in the page's language (the control sends it), else in the user's own.
    const visits = { areaManagerId, from, to, language: lang ?? (isLanguage(request.staff!.user.language) ? request.staff!.user.language : 'it') } as const;
    reply.header('content-disposition', `attachment; filename="${visitsCsvFileName(visits, new Date())}"`);
    return reply.code(200).send(visitsCsvStream(deps.db, visits, sent));
  });
}

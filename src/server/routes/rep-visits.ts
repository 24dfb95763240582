// The rep's own endpoints. POST and PUT /api/rep-update-pharmacy (issue 12 item 6): the rep's
// visit. The pharmacy named by `pharmacyId` in the body goes through the access policy first (403
// with no data for one not the caller's), then the body through the rep-visit entry's derived
// schema, then one transaction. GET /api/v1/register/rep/pharmacies, the rep's list in visit order
// (issue 24 item 3), and GET /api/rep-get-pharmacy, the visit form's record with the last visits.
import * as z from 'zod/mini';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FormApi, repVisitByPost } from '#shared/api/form-endpoints.ts';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { FORMS } from '#shared/forms/catalogue.ts';
import { isLanguage } from '#shared/markets.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { RepPharmaciesQuerySchema } from '#shared/schemas/staff-rep-list.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { failed, invalid, invalidFromZod, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { requireJson, requireStaff } from '../http/staff.ts';
import type { ApplicationStore } from '../services/applications.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { FieldSales } from '../services/field-force/field-sales.ts';
import { FileErrorKey } from '../services/files/certificates.ts';
import type { FieldPharmacy } from '../services/field-force/pharmacy-row.ts';
import type { RepList } from '../services/field-force/rep-list.ts';
import type { RepVisitPayload, RepVisits } from '../services/field-force/rep-visits.ts';
import { marketBase } from '../services/links.ts';

/** The header's value: what a browser's crypto.randomUUID() makes, or any similar token. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

export async function repVisitRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    fieldSales: FieldSales;
    repVisits: RepVisits;
    repList: RepList;
    applications: Pick<ApplicationStore, 'isPhotoOfType'>;
    config: Config;
  },
) {
  const { auth, fieldSales, repVisits, repList, applications, config } = deps;

  const salesRep = async (id: string) => {
    const user = await auth.users.findById(id);
    return user?.role === 'sales_rep' ? user : null;
  };
  // Spec §7: "GET pharmacies of a rep (list read directly)": a bare array, in visit order.
  app.get(
    StaffApi.repPharmacies.path,
    { preHandler: [requireStaff(auth, config, rolesFor('rep')), requireAccess('rep', { id: { from: 'query', name: 'assignedreptoken' }, load: salesRep })] },
    async (request, reply) => {
      const query = z.safeParse(RepPharmaciesQuerySchema, request.query ?? {});
      if (!query.success) return invalidFromZod(reply, query.error);
      const { lat, lng } = query.data;
      const position = lat !== undefined && lng !== undefined ? { lat, lng } : null;
      return reply.code(200).send(await repList.pharmacies(accessed(request).id, position));
    },
  );

  // The rep's phone keeps these for visits without a connection (decision 0026).
  app.get(
    StaffApi.repOfflinePharmacies.path,
    { preHandler: [requireStaff(auth, config, rolesFor('rep')), requireAccess('rep', { id: { from: 'query', name: 'assignedreptoken' }, load: salesRep })] },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return okFor(StaffApi.repOfflinePharmacies, reply, await repList.offlinePack(accessed(request).id));
    },
  );

  app.get(
    StaffApi.repPharmacy.path,
    {
      preHandler: [
        requireStaff(auth, config, rolesFor('pharmacy')),
        requireAccess('pharmacy', { id: { from: 'query', name: 'id' }, load: (id) => fieldSales.pharmacy(id) }),
      ],
    },
    async (request, reply) => okFor(StaffApi.repPharmacy, reply, await repList.detail(accessed<FieldPharmacy>(request).record)),
  );
  const preHandler = [
    requireStaff(auth, config, rolesFor('pharmacy')),
    requireAccess('pharmacy', { id: { from: 'body', name: 'pharmacyId' }, load: (id) => fieldSales.pharmacy(id) }),
    parseBody(FormApi['rep-visit'].request),
  ];

  const handler = async (request: FastifyRequest<{ Body: RepVisitPayload }>, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) return invalid(reply, { idempotencyKey: ErrorKey.invalid });
    const photo = request.body.photo;
    if (typeof photo === 'string' && photo && !(await applications.isPhotoOfType(photo, FORMS['rep-visit'].files.photoTypes))) {
      return invalid(reply, { photo: FileErrorKey.fileType });
    }
    const { user } = request.staff!;
    const recordedBy = { userId: user.id, language: isLanguage(user.language) ? user.language : 'it', linkBase: marketBase(request, config, 'it') } as const;
    if (!recordedBy.linkBase) request.server.publicAddress.missing(request, 'pharmacist confirmation');
    const result = await repVisits.record({
      payload: request.body,
      byUserId: user.id,
      idempotencyKey: header,
      route: `${request.method} ${FormApi['rep-visit'].path}`,
      recordedBy,
    });
    if (!result.ok) {
      if (result.conflict === 'placeId') return invalid(reply, { placeId: ErrorKey.invalid });
      // RFC 9110's 422: the request is well formed, but its key names another request.
      if (result.conflict === 'otherBody')
        return reply.code(422).send({ status: 'failed', message: 'invalid', errors: { idempotencyKey: ErrorKey.idempotencyKeyReused } });
      // The key was first used for another request that is still running or failed: try again with it later.
      return failed(reply, 409, ApiMessage.unavailable);
    }
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    else request.log.info({ by: request.staff!.user.id, pharmacyId: result.answer.pharmacyId, callEntryId: result.answer.callEntryId }, 'rep visit recorded');
    return okFor(FormApi['rep-visit'], reply, result.answer, ApiMessage.saved);
  };

  for (const { method, path } of [FormApi['rep-visit'], repVisitByPost]) {
    app.route<{ Body: RepVisitPayload }>({ method, url: path, onRequest: requireJson, preHandler, handler });
  }
}

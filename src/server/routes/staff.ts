// The staff API (DESIGN §6 paths) and its access rules: an id that is not the user's own (or
// their team's) is 403 with no data, unless the user is the main admin; for the main admin an
// unknown id is 404. Every refusal is decided before any record is read into the answer.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import { AddAreaManagerSchema, type StaffRole } from '#shared/schemas/staff.ts';
import type { Config } from '../config.ts';
import { failed, invalid, invalidFromZod, isPlainObject, ok, WHOLE_BODY_INVALID } from '../http/answers.ts';
import { forbidden, requireJson, requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { FieldSales } from '../services/field-sales.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idFrom = (reply: FastifyReply, value: unknown): string | null => {
  if (typeof value === 'string' && UUID.test(value)) return value.toLowerCase();
  invalid(reply, { id: 'validation.invalid' });
  return null;
};

const notFound = (reply: FastifyReply) => failed(reply, 404, ApiMessage.notFound);

export async function staffRoutes(app: FastifyInstance, deps: { auth: AuthService; fieldSales: FieldSales; config: Config }) {
  const { auth, fieldSales, config } = deps;
  const only = (...roles: StaffRole[]) => requireStaff(auth, config, roles);

  app.get('/api/mainadmin-get-areamanagers', { preHandler: only('main_admin') }, async (_request, reply) => ok(reply, await fieldSales.areaManagers()));

  app.post('/api/mainadmin-add-areamanager', { onRequest: requireJson, preHandler: only('main_admin') }, async (request, reply) => {
    if (!isPlainObject(request.body)) return invalid(reply, WHOLE_BODY_INVALID);
    const parsed = AddAreaManagerSchema.safeParse(request.body);
    if (!parsed.success) return invalidFromZod(reply, parsed.error);
    const added = await auth.users.add({ ...parsed.data, role: 'area_manager', language: 'it' });
    if (added === 'duplicate') return failed(reply, 409, ApiMessage.emailRegistered);
    request.log.info({ by: request.staff!.user.id, areaManagerId: added.id }, 'area manager added');
    return ok(reply, { id: added.id });
  });

  /** The area manager named by ?id=, if the signed-in user may see their data. */
  async function areaManagerFor(request: { staff?: { user: { id: string; role: StaffRole } }; query: unknown }, reply: FastifyReply): Promise<string | null> {
    const id = idFrom(reply, (request.query as Record<string, unknown>).id);
    if (!id) return null;
    const me = request.staff!.user;
    if (me.role !== 'main_admin') {
      if (id === me.id) return id;
      forbidden(reply);
      return null;
    }
    const target = await auth.users.findById(id);
    if (target?.role === 'area_manager') return id;
    notFound(reply);
    return null;
  }

  app.get('/api/areamanager-get-pharmacies', { preHandler: only('area_manager', 'main_admin') }, async (request, reply) => {
    const id = await areaManagerFor(request, reply);
    return id ? ok(reply, await fieldSales.pharmaciesOfAreaManager(id)) : reply;
  });

  app.get('/api/areamanager-get-reps', { preHandler: only('area_manager', 'main_admin') }, async (request, reply) => {
    const id = await areaManagerFor(request, reply);
    return id ? ok(reply, await fieldSales.repsOf(id)) : reply;
  });

  // Spec §7: "GET pharmacies of a rep (list read directly)": a bare array.
  app.get('/api/v1/register/rep/pharmacies', { preHandler: only('sales_rep', 'area_manager', 'main_admin') }, async (request, reply) => {
    const id = idFrom(reply, (request.query as Record<string, unknown>).assignedreptoken);
    if (!id) return reply;
    const me = request.staff!.user;
    if (me.role === 'sales_rep' && id !== me.id) return forbidden(reply);
    if (me.role !== 'sales_rep') {
      const rep = await auth.users.findById(id);
      const isRep = rep?.role === 'sales_rep';
      if (me.role === 'area_manager' && (!isRep || rep.areaManagerId !== me.id)) return forbidden(reply);
      if (me.role === 'main_admin' && !isRep) return notFound(reply);
    }
    return reply.code(200).send(await fieldSales.pharmaciesOfRep(id));
  });

  app.get('/api/rep-get-pharmacy', { preHandler: only('sales_rep', 'area_manager', 'main_admin') }, async (request, reply) => {
    const id = idFrom(reply, (request.query as Record<string, unknown>).id);
    if (!id) return reply;
    const me = request.staff!.user;
    const pharmacy = await fieldSales.pharmacy(id);
    const allowed =
      me.role === 'main_admin' ||
      (pharmacy !== null && ((me.role === 'sales_rep' && pharmacy.salesRepId === me.id) || (me.role === 'area_manager' && pharmacy.areaManagerId === me.id)));
    if (!allowed) return forbidden(reply);
    if (!pharmacy) return notFound(reply);
    return ok(reply, await fieldSales.detail(pharmacy));
  });
}

// The staff API (DESIGN §6 paths). Who may see which record is decided by the access policy
// (http/access-policy.ts) before the handler runs, so a handler only reads what it may answer.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/staff-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { FormApi, type PayloadOf } from '#shared/api/form-endpoints.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor, type ResourceKind } from '../http/access-policy.ts';
import { failed, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { requireJson, requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { welcomeNewStaff } from '../services/auth/staff-welcome.ts';
import type { FieldDashboard } from '../services/field-force/field-dashboard.ts';
import type { FieldSales } from '../services/field-force/field-sales.ts';
import type { Mailer } from '../services/mail/outbox.ts';

export async function staffRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; fieldSales: FieldSales; fieldDashboard: FieldDashboard; config: Config; mailer: Mailer },
) {
  const { auth, fieldSales, fieldDashboard, config } = deps;
  const staffFor = (kind: ResourceKind) => requireStaff(auth, config, rolesFor(kind));

  const userWithRole = (role: 'area_manager' | 'sales_rep') => async (id: string) => {
    const user = await auth.users.findById(id);
    return user?.role === role ? user : null;
  };
  const areaManager = [staffFor('areaManager'), requireAccess('areaManager', { id: { from: 'query', name: 'id' }, load: userWithRole('area_manager') })];

  app.get(Api.areaManagers.path, { preHandler: staffFor('areaManagers') }, async (_request, reply) =>
    okFor(Api.areaManagers, reply, await fieldSales.areaManagers()),
  );

  app.post<{ Body: PayloadOf<'add-area-manager'> }>(
    FormApi['add-area-manager'].path,
    { onRequest: requireJson, preHandler: [staffFor('areaManagers'), parseBody(FormApi['add-area-manager'].request)] },
    async (request, reply) => {
      const { email, firstName, lastName } = request.body;
      const language = 'it';
      const added = await auth.users.add({ email, firstName, lastName, role: 'area_manager', language }, { actorId: request.staff!.user.id });
      if (added === 'duplicate') return failed(reply, 409, ApiMessage.emailRegistered);
      request.log.info({ by: request.staff!.user.id, areaManagerId: added.id }, 'area manager added');
      const { user } = request.staff!;
      await welcomeNewStaff(request, deps, { role: 'area_manager', email, firstName, language, addedBy: `${user.firstName} ${user.lastName}`, market: 'it' });
      return okFor(FormApi['add-area-manager'], reply, { id: added.id });
    },
  );

  app.get(Api.areaManagerReps.path, { preHandler: areaManager }, async (request, reply) =>
    okFor(Api.areaManagerReps, reply, await fieldSales.repsOf(accessed(request).id)),
  );

  // The rep's own list and visit form record: routes/rep-visits.ts.
  app.get(Api.areaManagerDashboard.path, { preHandler: areaManager }, async (request, reply) =>
    okFor(Api.areaManagerDashboard, reply, await fieldDashboard.forAreaManager(accessed(request).id)),
  );
}

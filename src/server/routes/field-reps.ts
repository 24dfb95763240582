// The area manager's reps page (issue 24 item 4): the reps with their figures, disabling and
// enabling a rep, moving all of a rep's pharmacies to another rep, and the daily joins digest.
// Whose reps a request may touch is the access policy's decision (kinds `areaManager` and
// `repAccount`), so another manager's rep is 403 with no data, and a rep never manages themselves.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/field-reps-endpoints.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import type * as z from 'zod/mini';
import type { JoinsDigestSettingSchema, MoveRepPharmaciesSchema } from '#shared/schemas/staff-reps.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { invalid, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { actorOf, requireJson, requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import type { FieldReps } from '../services/field-force/field-reps.ts';

export async function fieldRepsRoutes(app: FastifyInstance, deps: { auth: AuthService; reps: FieldReps; config: Config }) {
  const { auth, reps, config } = deps;
  const loadAreaManager = async (id: string) => {
    const user = await auth.users.findById(id);
    return user?.role === 'area_manager' ? user : null;
  };
  const areaManagerIn = (from: 'query' | 'body', name: string) => [
    requireStaff(auth, config, rolesFor('areaManager')),
    requireAccess('areaManager', { id: { from, name }, load: loadAreaManager }),
  ];
  const repAccountIn = (name: string) => [
    requireStaff(auth, config, rolesFor('repAccount')),
    requireAccess('repAccount', { id: { from: 'body', name }, load: (id) => reps.repAccount(id) }),
  ];

  app.get(Api.repSummaries.path, { preHandler: areaManagerIn('query', 'id') }, async (request, reply) =>
    okFor(Api.repSummaries, reply, await reps.summaries(accessed<StaffUser>(request).record)),
  );

  app.post(
    Api.disableRep.path,
    { onRequest: requireJson, preHandler: [...repAccountIn('repId'), parseBody(Api.disableRep.request)] },
    async (request, reply) => {
      const rep = accessed<StaffUser>(request).record;
      await reps.disable(rep, request.staff!.user.id, actorOf(request));
      request.log.info({ by: request.staff!.user.id, repId: rep.id }, 'rep disabled');
      return okFor(Api.disableRep, reply);
    },
  );

  app.post(Api.enableRep.path, { onRequest: requireJson, preHandler: [...repAccountIn('repId'), parseBody(Api.enableRep.request)] }, async (request, reply) => {
    const rep = accessed<StaffUser>(request).record;
    await reps.enable(rep, request.staff!.user.id, actorOf(request));
    request.log.info({ by: request.staff!.user.id, repId: rep.id }, 'rep enabled');
    return okFor(Api.enableRep, reply);
  });

  app.post<{ Body: z.output<typeof MoveRepPharmaciesSchema> }>(
    Api.moveRepPharmacies.path,
    { onRequest: requireJson, preHandler: [...repAccountIn('fromRepId'), parseBody(Api.moveRepPharmacies.request)] },
    async (request, reply) => {
      const from = accessed<StaffUser>(request).record;
      // The pharmacies go to another active rep of the same manager, never elsewhere.
      const to = await reps.repAccount(request.body.toRepId.toLowerCase());
      if (!to || to.id === from.id || to.disabledAt || to.areaManagerId !== from.areaManagerId) return invalid(reply, { toRepId: ErrorKey.choose });
      const moved = await reps.moveAll(from.areaManagerId!, from.id, to.id, request.staff!.user.id);
      request.log.info({ by: request.staff!.user.id, fromRepId: from.id, toRepId: to.id, moved }, "rep's pharmacies moved");
      return okFor(Api.moveRepPharmacies, reply, { moved });
    },
  );

  app.put<{ Body: z.output<typeof JoinsDigestSettingSchema> }>(
    Api.joinsDigestSetting.path,
    { onRequest: requireJson, preHandler: [...areaManagerIn('body', 'areaManagerId'), parseBody(Api.joinsDigestSetting.request)] },
    async (request, reply) => {
      await reps.setJoinsDigest(accessed(request).id, request.body.joinsDigest);
      return okFor(Api.joinsDigestSetting, reply, { joinsDigest: request.body.joinsDigest });
    },
  );
}

// GET /api/admin/activity (issue 23 item 5, decision 0020): the main admin's log of CSV exports and
// review decisions, a page at a time, newest first. The main admin only (access policy
// `activityLog`): 401 without a session, 403 for every other role.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as Api from '#shared/api/staff-endpoints.ts';
import { ActivityQuerySchema } from '#shared/schemas/activity-log.ts';
import type { Config } from '../config.ts';
import { rolesFor } from '../http/access-policy.ts';
import { invalidFromZod, ok } from '../http/answers.ts';
import { requireStaff } from '../http/staff.ts';
import type { ActivityLog } from '../services/activity-log.ts';
import type { AuthService } from '../services/auth/auth.ts';

export async function activityLogRoutes(app: FastifyInstance, deps: { auth: AuthService; activityLog: ActivityLog; config: Config }) {
  const mainAdmin = requireStaff(deps.auth, deps.config, rolesFor('activityLog'));

  app.get(Api.activityLog.path, { preHandler: mainAdmin }, async (request, reply) => {
    const query = z.safeParse(ActivityQuerySchema, request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    return ok(reply, await deps.activityLog.page(query.data.page));
  });
}

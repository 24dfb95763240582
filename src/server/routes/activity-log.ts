// GET /api/admin/activity (issue 23 item 5, decision 0020): the main admin's log of CSV exports and
// review decisions, a page at a time, newest first; GET /api/admin/activity/csv the entries of a
// range of days as a file (issue 41 item 4). The main admin only (access policy `activityLog`): 401
// without a session, 403 for every other role.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as Api from '#shared/api/staff-endpoints.ts';
import { isLanguage } from '#shared/markets.ts';
import { ActivityQuerySchema } from '#shared/schemas/activity-log.ts';
import { ActivityCsvQuerySchema } from '#shared/schemas/programme-report.ts';
import type { Config } from '../config.ts';
import { rolesFor } from '../http/access-policy.ts';
import { invalidFromZod, okFor } from '../http/answers.ts';
import { requireStaff } from '../http/staff.ts';
import type { ActivityLog } from '../services/activity-log.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { activityCsv } from '../services/report-csv.ts';

export async function activityLogRoutes(app: FastifyInstance, deps: { auth: AuthService; activityLog: ActivityLog; config: Config }) {
  const mainAdmin = requireStaff(deps.auth, deps.config, rolesFor('activityLog'));

  app.get(Api.activityLog.path, { preHandler: mainAdmin }, async (request, reply) => {
    const query = z.safeParse(ActivityQuerySchema, request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    return okFor(Api.activityLog, reply, await deps.activityLog.page(query.data.page));
  });

  // The audit export (issue 41 item 4): the entries of a range of days; the download is recorded before the file is sent (after its entries are read, so a file never lists itself).
  app.get(Api.activityLogCsv.path, { preHandler: mainAdmin }, async (request, reply) => {
    const query = z.safeParse(ActivityCsvQuerySchema, request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    const { from, to, lang } = query.data;
    const entries = await deps.activityLog.between(from, to);
    await deps.activityLog.recordDownload({ actorId: request.staff!.user.id, report: 'activity', from, to, rows: entries.length });
    const language = lang ?? (isLanguage(request.staff!.user.language) ? request.staff!.user.language : 'en');
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="activity-${from}-${to}.csv"`);
    return reply.code(200).send(activityCsv(entries, language));
  });
}

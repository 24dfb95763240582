// GET /api/admin/programme (issue 41 item 3, decision 0070): the programme report, per market and
// month, from the stored history; GET /api/admin/programme/csv the same figures as a download in
// the page's language, recorded in the activity log before it is sent. The main admin only (access
// policy `programmeReport`): 401 without a session, 403 for every other role.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as Api from '#shared/api/staff-endpoints.ts';
import { isLanguage } from '#shared/markets.ts';
import { ProgrammeReportQuerySchema } from '#shared/schemas/programme-report.ts';
import type { Config } from '../config.ts';
import { rolesFor } from '../http/access-policy.ts';
import { invalidFromZod, okFor } from '../http/answers.ts';
import { requireStaff } from '../http/staff.ts';
import type { ActivityLog } from '../services/activity-log.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { addMonths, type ProgrammeReportService } from '../services/programme-report.ts';
import { programmeCsv } from '../services/report-csv.ts';

export async function programmeReportRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; programmeReport: ProgrammeReportService; activityLog: Pick<ActivityLog, 'recordDownload'>; config: Config },
) {
  const mainAdmin = requireStaff(deps.auth, deps.config, rolesFor('programmeReport'));

  app.get(Api.programmeReport.path, { preHandler: mainAdmin }, async (request, reply) => {
    const query = z.safeParse(ProgrammeReportQuerySchema, request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    return okFor(Api.programmeReport, reply, await deps.programmeReport.report(query.data));
  });

  app.get(Api.programmeReportCsv.path, { preHandler: mainAdmin }, async (request, reply) => {
    const query = z.safeParse(ProgrammeReportQuerySchema, request.query ?? {});
    if (!query.success) return invalidFromZod(reply, query.error);
    const report = await deps.programmeReport.report(query.data);
    const language = query.data.lang ?? (isLanguage(request.staff!.user.language) ? request.staff!.user.language : 'en');
    const [first, last] = [report.months[0], report.months.at(-1)];
    // Whole months: from the first one's first day to the last one's last.
    const days =
      first && last
        ? { from: `${first}-01`, to: new Date(Date.parse(`${addMonths(last, 1)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) }
        : { from: null, to: null };
    await deps.activityLog.recordDownload({ actorId: request.staff!.user.id, report: 'programme', ...days, rows: report.rows.length });
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="programme-${first ?? ''}-${last ?? ''}.csv"`);
    return reply.code(200).send(programmeCsv(report, language));
  });
}

// GET /api/admin/privacy (issue 42 item 4): the record of processing and the retention schedule,
// derived from the data map and this server's settings (privacy/record.ts); the page words it in
// its language. The main admin only (access policy `processingRecord`): 401 without a session, 403
// for every other role.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/staff-endpoints.ts';
import type { Config } from '../config.ts';
import { rolesFor } from '../http/access-policy.ts';
import { okFor } from '../http/answers.ts';
import { requireStaff } from '../http/staff.ts';
import { processingRecord } from '../privacy/record.ts';
import type { AuthService } from '../services/auth/auth.ts';

export async function privacyRecordRoutes(app: FastifyInstance, deps: { auth: AuthService; config: Config }) {
  const mainAdmin = requireStaff(deps.auth, deps.config, rolesFor('processingRecord'));
  const record = processingRecord(deps.config);
  app.get(Api.processingRecord.path, { preHandler: mainAdmin }, async (_request, reply) => okFor(Api.processingRecord, reply, record));
}

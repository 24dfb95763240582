// The review desk's checks on one application (issue 25 items 3 and 4): reviewers and the main
// admin only, through the access policy's `application` entry, as the detail itself.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/review-checks-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { Config } from '../config.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { failed, okFor } from '../http/answers.ts';
import { requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { ReviewChecksService } from '../services/review/review-checks.ts';

export async function reviewCheckRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; checks: ReviewChecksService; exists: (id: string) => Promise<{ id: string } | null>; config: Config },
) {
  const { auth, checks, exists, config } = deps;
  const preHandler = [requireStaff(auth, config, rolesFor('application')), requireAccess('application', { id: { from: 'params', name: 'id' }, load: exists })];

  app.get(Api.checks.path, { preHandler }, async (request, reply) => {
    const found = await checks.of(accessed(request).id);
    if (!found) return failed(reply, 404, ApiMessage.notFound);
    return okFor(Api.checks, reply, found);
  });
}

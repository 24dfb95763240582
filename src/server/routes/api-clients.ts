// The main admin's API keys of client apps (issue 38 item 5, docs/decisions/0052): the list with
// each key's last days of usage, issue (name, quota; the key in the answer, once), rotate (a new
// secret, the old one stops at once) and revoke. The main admin only (access policy `apiClients`):
// 401 without a session, 403 for every other role. Each change is in the activity log with who did
// it. Answers holding a key are never cached.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as Api from '#shared/api/api-client-endpoints.ts';
import { FormApi, type PayloadOf } from '#shared/api/form-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ApiClientParamsSchema } from '#shared/schemas/api-clients.ts';
import type { Config } from '../config.ts';
import { rolesFor } from '../http/access-policy.ts';
import { failed, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import { requireJson, requireStaff } from '../http/staff.ts';
import type { ApiClients } from '../services/api-clients.ts';
import type { AuthService } from '../services/auth/auth.ts';

export async function apiClientRoutes(app: FastifyInstance, deps: { auth: AuthService; clients: ApiClients; config: Config }) {
  const mainAdmin = requireStaff(deps.auth, deps.config, rolesFor('apiClients'));
  const idOf = (params: unknown) => {
    const parsed = z.safeParse(ApiClientParamsSchema, params ?? {});
    return parsed.success ? parsed.data.id : null;
  };

  app.get(Api.apiClients.path, { preHandler: mainAdmin }, async (_request, reply) =>
    okFor(Api.apiClients, reply.header('cache-control', 'no-store'), await deps.clients.list()),
  );

  // Issuing is the catalogue's form 'issue-api-key': its body is checked with the schema derived from the form's sections.
  app.post<{ Body: PayloadOf<'issue-api-key'> }>(
    FormApi['issue-api-key'].path,
    { onRequest: requireJson, preHandler: [mainAdmin, parseBody(FormApi['issue-api-key'].request)] },
    async (request, reply) => {
      const issued = await deps.clients.issue({ ...request.body, actorId: request.staff!.user.id });
      request.log.info({ apiClient: issued.client.id }, 'API key issued');
      return okFor(FormApi['issue-api-key'], reply.header('cache-control', 'no-store'), issued);
    },
  );

  app.post(Api.rotateApiKey.path, { onRequest: requireJson, preHandler: mainAdmin }, async (request, reply) => {
    const id = idOf(request.params);
    const rotated = id ? await deps.clients.rotate(id, request.staff!.user.id) : null;
    if (!rotated) return failed(reply, 404, ApiMessage.notFound);
    request.log.info({ apiClient: id }, 'API key rotated');
    return okFor(Api.rotateApiKey, reply.header('cache-control', 'no-store'), rotated);
  });

  app.post(Api.revokeApiKey.path, { onRequest: requireJson, preHandler: mainAdmin }, async (request, reply) => {
    const id = idOf(request.params);
    const revoked = id ? await deps.clients.revoke(id, request.staff!.user.id) : null;
    if (!revoked) return failed(reply, 404, ApiMessage.notFound);
    request.log.info({ apiClient: id }, 'API key revoked');
    return okFor(Api.revokeApiKey, reply.header('cache-control', 'no-store'), revoked);
  });
}

// GET /api/files/certificates/:fileId: a German training certificate, for reviewers and the main
// admin only, as a download that no browser renders in the page and no cache keeps.
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/staff-endpoints.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { fileContentStream, findCertificateFile } from '../services/files/file-store.ts';

export async function certificateRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthService; config: Config }) {
  const certificateFile = (fileId: string) => findCertificateFile(deps.db, fileId);
  const preHandler = [
    requireStaff(deps.auth, deps.config, rolesFor('application')),
    requireAccess('application', { id: { from: 'params', name: 'fileId' }, load: certificateFile }),
  ];
  app.get(Api.certificate.path, { preHandler }, async (request, reply) => {
    const { id: fileId, record: row } = accessed<NonNullable<Awaited<ReturnType<typeof certificateFile>>>>(request);
    const etag = etagOf(row.storageName);
    reply.header('etag', etag).header('cache-control', 'no-store');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    request.log.info({ by: request.staff!.user.id, fileId }, 'certificate downloaded');
    const ext = row.storageName.slice(row.storageName.lastIndexOf('.'));
    return reply
      .header('content-type', row.mime)
      .header('content-length', row.size)
      .header('content-disposition', `attachment; filename="certificate-${row.id}${ext}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(fileContentStream(deps.db, row.storageName, row.size));
  });
}

// GET /api/files/certificates/:fileId: a German training certificate, for reviewers and the main
// admin only, as a download that no browser renders in the page and no cache keeps.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as Api from '#shared/api/staff-endpoints.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { accessed, requireAccess, rolesFor } from '../http/access-policy.ts';
import { requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { CertificateStore } from '../services/files/certificates.ts';

export async function certificateRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthService; certificates: CertificateStore; config: Config }) {
  const certificateFile = async (fileId: string) => {
    const [row] = await deps.db.select().from(files).where(and(eq(files.id, fileId), eq(files.kind, 'certificate')));
    const file = row ? deps.certificates.pathOf(row.storageName) : null;
    const info = file ? await stat(file).catch(() => null) : null;
    return row && file && info?.isFile() ? { row, file, size: info.size } : null;
  };
  const preHandler = [
    requireStaff(deps.auth, deps.config, rolesFor('application')),
    requireAccess('application', { id: { from: 'params', name: 'fileId' }, load: certificateFile }),
  ];
  app.get(Api.certificate.path, { preHandler }, async (request, reply) => {
    const { id: fileId, record } = accessed<NonNullable<Awaited<ReturnType<typeof certificateFile>>>>(request);
    const { row, file, size } = record;
    request.log.info({ by: request.staff!.user.id, fileId }, 'certificate downloaded');
    const ext = row.storageName.slice(row.storageName.lastIndexOf('.'));
    return reply
      .header('content-type', row.mime)
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="certificate-${row.id}${ext}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(createReadStream(file));
  });
}

// GET /api/files/certificates/:fileId: a German training certificate, for reviewers and the main
// admin only, as a download that no browser renders in the page and no cache keeps.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { failed, invalid } from '../http/answers.ts';
import { requireStaff } from '../http/staff.ts';
import type { AuthService } from '../services/auth/auth.ts';
import type { CertificateStore } from '../services/files/certificates.ts';
import { UUID } from './staff.ts';

export async function certificateRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthService; certificates: CertificateStore; config: Config }) {
  app.get('/api/files/certificates/:fileId', { preHandler: requireStaff(deps.auth, deps.config, ['reviewer', 'main_admin']) }, async (request, reply) => {
    const { fileId } = request.params as { fileId: string };
    if (!UUID.test(fileId)) return invalid(reply, { fileId: 'validation.invalid' });
    const [row] = await deps.db.select().from(files).where(and(eq(files.id, fileId), eq(files.kind, 'certificate')));
    const file = row ? deps.certificates.pathOf(row.storageName) : null;
    const info = file ? await stat(file).catch(() => null) : null;
    if (!row || !file || !info?.isFile()) return failed(reply, 404, ApiMessage.notFound);
    request.log.info({ by: request.staff!.user.id, fileId }, 'certificate downloaded');
    const ext = row.storageName.slice(row.storageName.lastIndexOf('.'));
    return reply
      .header('content-type', row.mime)
      .header('content-length', info.size)
      .header('content-disposition', `attachment; filename="certificate-${row.id}${ext}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(createReadStream(file));
  });
}

// GET /healthz: the process is up and the database answers (liveness).
// GET /readyz: the same, and the server takes new requests: 503 once shutdown has begun. While
// migrations run the server does not listen yet, so a readiness probe fails then too. A photo
// upload queue that no longer moves (services/files/upload-queue.ts) makes the server not ready.
// A ready server also says its release, its schema (migrations pending or from a newer release)
// and what an operator must fix (a missing public address: http/public-address.ts) or watch (the
// last scheduled backup, services/scheduled-backup.ts: a failed or stale one is reported, and the
// server stays ready), and the public API's read replica (db/replica.ts: its lag and where the public
// API reads from; a replica that lags or is down is reported, the server stays ready).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { ReplicaState } from '../db/replica.ts';
import type { UploadQueue } from '../services/files/upload-queue.ts';
import type { BackupStatus } from '../services/scheduled-backup.ts';
import { pingDatabase, RELEASE_VERSION, schemaState } from '../services/release.ts';

export async function healthRoutes(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; lifecycle: { draining: boolean }; uploads: UploadQueue; backups?: BackupStatus; replica?: () => ReplicaState | null },
) {
  const databaseAnswers = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await pingDatabase(deps.database.db);
      return true;
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      await reply.code(503).header('cache-control', 'no-store').send({ status: 'failed' });
      return false;
    }
  };
  app.get('/healthz', async (request, reply) => {
    if (!(await databaseAnswers(request, reply))) return reply;
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', async (request, reply) => {
    if (deps.lifecycle.draining) return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
    if (!(await databaseAnswers(request, reply))) return reply;
    const uploads = deps.uploads.state();
    if (uploads.stuck) {
      request.log.error({ uploads }, 'readiness: the photo upload queue is stuck');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'uploads stuck' });
    }
    // Ready; what an operator may want to know besides (release, schema, settings to fix).
    const publicAddress = app.publicAddress.problem();
    const backup = await deps.backups?.detail().catch((error: unknown) => {
      request.log.warn({ err: error }, 'readiness: the last backup could not be read');
      return null;
    });
    const replica = deps.replica?.();
    const detail = { ...(publicAddress ? { publicAddress } : {}), ...(backup ? { backup } : {}), ...(replica ? { replica } : {}) };
    return reply.header('cache-control', 'no-store').send({
      status: 'ok',
      version: RELEASE_VERSION,
      schema: await schemaState(deps.database.db),
      ...(Object.keys(detail).length > 0 ? { detail } : {}),
    });
  });
}

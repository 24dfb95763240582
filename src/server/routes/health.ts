// GET /healthz: the process is up and the database answers (liveness).
// GET /readyz: the same, and the server takes new requests: 503 once shutdown has begun. While
// migrations run the server does not listen yet, so a readiness probe fails then too.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export async function healthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle; lifecycle: { draining: boolean } }) {
  const databaseAnswers = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
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
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
}

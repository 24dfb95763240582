// GET /healthz: the process is up and the database answers.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export async function healthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle }) {
  app.get('/healthz', async (request, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'failed' });
    }
  });
}

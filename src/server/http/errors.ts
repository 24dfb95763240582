// One error handler: clients get a short JSON answer, never a stack trace; 5xx are logged.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ status: 'failed', message: ApiMessage.unavailable });
    }
    request.log.info({ code: error.code, status }, error.message);
    if (status === 413) return reply.code(413).send({ status: 'failed', message: ApiMessage.tooBig });
    if (status === 429) return reply.code(429).send({ status: 'failed', message: ApiMessage.tooManyRequests });
    // 403 comes from the static file server for directories: to a visitor that is "not found".
    if (status === 404 || status === 403) return reply.code(404).send({ status: 'failed', message: ApiMessage.notFound });
    // Malformed JSON, wrong content type, bad headers: the body could not be read at all.
    return reply.code(400).send({ status: 'failed', message: 'invalid', errors: { _: ErrorKey.invalid } });
  });
}

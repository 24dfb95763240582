// One error handler: clients get a short JSON answer, never a stack trace; 5xx are logged.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { sendProblem } from './problem.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an upload: a body over its limit is a file that is too big (413). */
    oversizedUpload?: boolean;
  }
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const publicApi = request.routeOptions.config.publicApi === true;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (publicApi) return sendProblem(request, reply, 'internal');
      return reply.code(500).send({ status: 'failed', message: ApiMessage.unavailable });
    }
    // Not the message: a JSON parse error quotes the body it could not read.
    request.log.info({ code: error.code, status }, 'request refused');
    if (publicApi)
      return sendProblem(
        request,
        reply,
        status === 429 ? 'rate-limited' : status === 404 ? 'not-found' : status === 406 ? 'not-acceptable' : 'invalid-parameter',
      );
    if (status === 413) {
      // Uploads answer 413 'tooBig' (the photo input says the file is too big); anywhere else an
      // oversized body is invalid input like any other: 400 with the error code.
      if (request.routeOptions.config.oversizedUpload) return reply.code(413).send({ status: 'failed', message: ApiMessage.tooBig });
      return reply.code(400).send({ status: 'failed', message: 'invalid', errors: { _: ErrorKey.tooLong } });
    }
    if (status === 429) return reply.code(429).send({ status: 'failed', message: ApiMessage.tooManyRequests });
    // 403 comes from the static file server for directories: to a visitor that is "not found".
    if (status === 404 || status === 403) return reply.code(404).send({ status: 'failed', message: ApiMessage.notFound });
    // Malformed JSON, wrong content type, bad headers: the body could not be read at all.
    return reply.code(400).send({ status: 'failed', message: 'invalid', errors: { _: ErrorKey.invalid } });
  });
}

// The server's log (issue 37 item 7): one line per request at info (method, path with its tokens
// masked, route, status, time), the request's arrival at debug; coloured lines for a person at a
// terminal, one JSON object a line for a collector. What a line may hold is log-serializers.ts's.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { withLogSerializers } from './http/log-serializers.ts';

interface RequestLine {
  msg?: string;
  req?: { method?: string; url?: string };
  statusCode?: number;
  responseTime?: number;
}

/** A request line as a person reads it: "GET /uk/form 200 12 ms". */
function prettyMessage(line: RequestLine): string {
  if (line.msg === REQUEST_DONE && line.req) return `${line.req.method} ${line.req.url} ${line.statusCode} ${line.responseTime} ms`;
  return line.msg ?? '';
}

const REQUEST_DONE = 'request completed';

/** Fastify's logger option for `config`; `override` (tests) wins. */
export async function loggerOptions(config: Config, override?: FastifyServerOptions['logger']): Promise<FastifyServerOptions['logger']> {
  if (override !== undefined) return withLogSerializers(override);
  if (config.nodeEnv === 'test') return false;
  if (config.log.format === 'json') return withLogSerializers({ level: config.log.level });
  // Loaded only for a terminal: a server behind a collector never loads it.
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,route,statusCode,responseTime',
    messageFormat: (line) => prettyMessage(line as RequestLine),
  });
  return withLogSerializers({ level: config.log.level, stream });
}

/** Fastify's two lines per request become one at info when it is answered, and its arrival a line at debug. */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, route: request.routeOptions.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, REQUEST_DONE);
  }
}

// The body check of a JSON route, run before its handler: a body that is not a plain object is
// refused whole, one that fails the contract's schema is refused with a code per field, and the
// handler gets the parsed body (unknown fields dropped, free text stripped of markup). The check
// itself is services/check-body.ts, which the application save also runs.
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { checkBody } from '../services/check-body.ts';
import { invalid, invalidFromZod } from './answers.ts';

export interface ParseBodyOptions {
  /** How this route refuses a body that fails the schema, when not with 400 and the field codes. */
  refuse?: (reply: FastifyReply, error: z.core.$ZodError) => FastifyReply;
}

export function parseBody(schema: z.core.$ZodType | null, options: ParseBodyOptions = {}): preHandlerAsyncHookHandler {
  if (!schema) throw new Error('parseBody needs the contract of a route that has a request schema');
  return async (request, reply) => {
    const checked = checkBody(request.body, () => ({ schema }));
    if ('refused' in checked) return invalid(reply, checked.refused);
    if (!checked.parsed.success) return (options.refuse ?? invalidFromZod)(reply, checked.parsed.error);
    request.body = checked.parsed.data;
  };
}

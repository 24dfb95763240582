// The body check of a JSON route, run before its handler: a body that is not a plain object is
// refused whole, one that fails the contract's schema is refused with a code per field, and the
// handler gets the parsed body (unknown fields dropped, free text stripped of markup).
// `checkBody` is that check on its own, for the one body the preHandler cannot take: the
// application save, whose schema depends on the body (market and language) and which also
// arrives as multipart fields.
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { invalid, invalidFromZod, isPlainObject, WHOLE_BODY_INVALID } from './answers.ts';

export interface ParseBodyOptions {
  /** How this route refuses a body that fails the schema, when not with 400 and the field codes. */
  refuse?: (reply: FastifyReply, error: z.core.$ZodError) => FastifyReply;
}

type FieldCodes = Record<string, string>;

/** Refused before any schema ran (the whole body, or what `choose` refused), or the chosen schema's result. */
export type BodyCheck<Chosen extends { schema: z.core.$ZodType }> = { refused: FieldCodes } | (Chosen & { parsed: z.core.util.SafeParseResult<z.core.output<Chosen['schema']>> });

/** A body that is a plain object, checked with the schema `choose` picks from it (or refused by `choose` with field codes). */
export function checkBody<Chosen extends { schema: z.core.$ZodType }>(body: unknown, choose: (fields: Record<string, unknown>) => Chosen | { refused: FieldCodes }): BodyCheck<Chosen> {
  if (!isPlainObject(body)) return { refused: WHOLE_BODY_INVALID };
  const chosen = choose(body);
  if ('refused' in chosen) return chosen;
  return { ...chosen, parsed: z.safeParse<Chosen['schema']>(chosen.schema, body) };
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

// A request body checked against a schema chosen from the body itself, without the HTTP layer:
// the routes' preHandler (http/parse-body.ts) and the application save (whose schema depends on the
// market and language, and which also arrives as multipart fields) both run it.
import * as z from 'zod/mini';
import { ErrorKey } from '#shared/schemas/fields.ts';

type FieldCodes = Record<string, string>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The field codes of a body refused whole (not an object, an upload that failed). */
export const WHOLE_BODY_INVALID: FieldCodes = { _: ErrorKey.invalid };

/** Refused before any schema ran (the whole body, or what `choose` refused), or the chosen schema's result. */
export type BodyCheck<Chosen extends { schema: z.core.$ZodType }> =
  { refused: FieldCodes } | (Chosen & { parsed: z.core.util.SafeParseResult<z.core.output<Chosen['schema']>> });

/** A body that is a plain object, checked with the schema `choose` picks from it (or refused by `choose` with field codes). */
export function checkBody<Chosen extends { schema: z.core.$ZodType }>(
  body: unknown,
  choose: (fields: Record<string, unknown>) => Chosen | { refused: FieldCodes },
): BodyCheck<Chosen> {
  if (!isPlainObject(body)) return { refused: WHOLE_BODY_INVALID };
  const chosen = choose(body);
  if ('refused' in chosen) return chosen;
  return { ...chosen, parsed: z.safeParse<Chosen['schema']>(chosen.schema, body) };
}

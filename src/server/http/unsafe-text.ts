// PostgreSQL text cannot hold U+0000 and jsonb refuses unpaired surrogates: such a string would
// make the query fail (a 500). Refuse them at the door, whatever field they arrive in. A query
// string (a search, a filter, an id) has no use for any control character: those are refused too.
import type { FastifyInstance } from 'fastify';
import { ErrorKey } from '#shared/schemas/fields.ts';

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSAFE = /\u0000|\p{Cs}/u;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const UNSAFE_IN_QUERY = /[\u0000-\u001f\u007f]|\p{Cs}/u;

/** The first field (top-level name) holding an unsafe string, or null. */
export function unsafeField(value: unknown, field = '_', depth = 0, unsafe = UNSAFE): string | null {
  if (typeof value === 'string') return unsafe.test(value) ? field : null;
  if (depth > 8 || typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (unsafe.test(key)) return depth === 0 ? '_' : field;
    const found = unsafeField(inner, depth === 0 ? key : field, depth + 1, unsafe);
    if (found) return found;
  }
  return null;
}

export function refuseUnsafeText(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const field = unsafeField(request.query, '_', 0, UNSAFE_IN_QUERY) ?? unsafeField(request.body);
    if (field) return reply.code(400).send({ status: 'failed', message: 'invalid', errors: { [field]: ErrorKey.invalid } });
  });
}

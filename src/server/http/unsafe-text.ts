// PostgreSQL text cannot hold U+0000 and jsonb refuses unpaired surrogates: such a string would
// make the query fail (a 500). Refuse them at the door, whatever field they arrive in.
import type { FastifyInstance } from 'fastify';
import { ErrorKey } from '#shared/schemas/fields.ts';

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSAFE = /\u0000|\p{Cs}/u;

/** The first field (top-level name) holding an unsafe string, or null. */
export function unsafeField(value: unknown, field = '_', depth = 0): string | null {
  if (typeof value === 'string') return UNSAFE.test(value) ? field : null;
  if (depth > 8 || typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSAFE.test(key)) return depth === 0 ? '_' : field;
    const found = unsafeField(inner, depth === 0 ? key : field, depth + 1);
    if (found) return found;
  }
  return null;
}

export function refuseUnsafeText(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const field = unsafeField(request.body);
    if (field) return reply.code(400).send({ status: 'failed', message: 'invalid', errors: { [field]: ErrorKey.invalid } });
  });
}

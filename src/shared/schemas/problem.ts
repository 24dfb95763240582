// RFC 9457 problem details (issue 38 item 4): the public API's one error shape, for every 4xx and
// 5xx it answers. Each kind has a stable `type` URI (a path the server answers with the kind's
// description), an HTTP status and a title in the request's language (public-api.json).
import * as z from 'zod/mini';

/** The media type of a problem answer. */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** Where a problem's type is described: `${PROBLEM_TYPE_BASE}/${slug}`. */
export const PROBLEM_TYPE_BASE = '/api/v1/problems';

/** Every kind of problem the public API answers with, by its slug; one entry per kind. */
export const PROBLEM_KINDS = {
  'invalid-parameter': { status: 400 },
  unauthorized: { status: 401 },
  'not-found': { status: 404 },
  'not-acceptable': { status: 406 },
  'cursor-expired': { status: 410 },
  'rate-limited': { status: 429 },
  internal: { status: 500 },
  unavailable: { status: 503 },
} as const satisfies Record<string, { status: number }>;
export type ProblemKind = keyof typeof PROBLEM_KINDS;
export const PROBLEM_SLUGS = Object.keys(PROBLEM_KINDS) as ProblemKind[];

export const problemTypeOf = (kind: ProblemKind) => `${PROBLEM_TYPE_BASE}/${kind}`;

/** One refused parameter: its name (a query or path parameter) and why, in the request's language. */
export const InvalidParamSchema = /* @__PURE__ */ z.object({ name: z.string(), reason: z.string() });

/** A problem answer (RFC 9457 §3.1) with the `invalidParams` extension for 400s. */
export const ProblemSchema = /* @__PURE__ */ z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().check(z.int()),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  invalidParams: z.optional(z.array(InvalidParamSchema)),
});
export type Problem = z.infer<typeof ProblemSchema>;

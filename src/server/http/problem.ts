// RFC 9457 problem details for the public API (issue 38 item 4): every 4xx and 5xx of a route
// marked `config.publicApi` answers application/problem+json with a stable type, the status, a
// title and detail in the request's language (?lang=, else English) and, for a 400, the refused
// parameters by name. Never the values: a patient's point must not come back in an error either.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { isLanguage, type Language } from '#shared/markets.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { PROBLEM_KINDS, PROBLEM_MEDIA_TYPE, problemTypeOf, type Problem, type ProblemKind } from '#shared/schemas/problem.ts';
import { texts } from '../services/texts.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the public API: its errors are problem details (http/problem.ts). */
    publicApi?: boolean;
  }
}

/** Where the public API's paths begin: a URL the router refuses under it is answered as a problem too. */
export const PUBLIC_API_PREFIX = '/api/v1/';

/** Why a parameter was refused: a key of publicApi.reasons. */
export type InvalidReason = 'required' | 'invalid' | 'tooLong' | 'cursor' | 'unknown';

export interface ProblemOptions {
  /** Replaces the kind's general detail. */
  detail?: string;
  invalidParams?: { name: string; reason: InvalidReason }[];
}

/** The language of a public API request's texts: its `lang` parameter when it names one, else English. */
export function problemLanguage(request: FastifyRequest): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return isLanguage(lang) ? lang : 'en';
}

/** The problem document of a kind, in a language. */
export function problemOf(kind: ProblemKind, language: Language, options: ProblemOptions = {}): Problem {
  const t = texts(language);
  return {
    type: problemTypeOf(kind),
    title: t(`publicApi.problems.${kind}.title`),
    status: PROBLEM_KINDS[kind].status,
    detail: options.detail ?? t(`publicApi.problems.${kind}.detail`),
    ...(options.invalidParams?.length
      ? { invalidParams: options.invalidParams.map((p) => ({ name: p.name, reason: t(`publicApi.reasons.${p.reason}`) })) }
      : {}),
  };
}

/** Answers a problem; never cached (a retry must reach the server). */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, kind: ProblemKind, options: ProblemOptions = {}) {
  const language = problemLanguage(request);
  return reply
    .code(PROBLEM_KINDS[kind].status)
    .header('cache-control', 'no-store')
    .header('content-language', language)
    .type(`${PROBLEM_MEDIA_TYPE}; charset=utf-8`)
    .send(JSON.stringify(problemOf(kind, language, options)));
}

const reasonOf = (message: string): InvalidReason => (message === ErrorKey.required ? 'required' : message === ErrorKey.tooLong ? 'tooLong' : 'invalid');

/** The refused parameters of a failed parse, each named once (its first issue). */
function invalidParamsOf(error: z.core.$ZodError): { name: string; reason: InvalidReason }[] {
  const byName = new Map<string, InvalidReason>();
  for (const issue of error.issues) {
    const name = issue.path.length ? String(issue.path[0]) : '_';
    if (!byName.has(name)) byName.set(name, issue.code === 'unrecognized_keys' ? 'unknown' : reasonOf(issue.message));
  }
  return [...byName].map(([name, reason]) => ({ name, reason }));
}

/** 400 naming the parameters a parse refused. */
export const sendInvalidParams = (request: FastifyRequest, reply: FastifyReply, error: z.core.$ZodError) =>
  sendProblem(request, reply, 'invalid-parameter', { invalidParams: invalidParamsOf(error) });

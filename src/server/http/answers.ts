// The JSON answers every route uses, so the shapes stay the same everywhere.
import type { FastifyReply } from 'fastify';
import type * as z from 'zod/mini';
import type { Contract } from '#shared/api/contract.ts';
import { ApiMessage, fieldErrors } from '#shared/schemas/api.ts';

function ok(reply: FastifyReply, data?: unknown, message?: string) {
  return reply.code(200).send({ status: 'ok', ...(message ? { message } : {}), ...(data !== undefined ? { data } : {}) });
}

/**
 * `ok` typed by the endpoint's contract: answering data that is not the contract's answer type
 * does not typecheck (src/server/http/answers-typed.test.ts proves it). The only way to a
 * `status: 'ok'` answer with data: every route with a contract answers through it.
 */
export function okFor(contract: Contract<unknown, undefined>, reply: FastifyReply, data?: undefined, message?: string): FastifyReply;
export function okFor<A>(contract: Contract<unknown, A>, reply: FastifyReply, data: NoInfer<A>, message?: string): FastifyReply;
export function okFor(_contract: Contract<unknown, unknown>, reply: FastifyReply, data?: unknown, message?: string) {
  return ok(reply, data, message);
}

export function failed(reply: FastifyReply, httpStatus: number, message: string) {
  return reply.code(httpStatus).send({ status: 'failed', message });
}

export function invalid(reply: FastifyReply, errors: Record<string, string>) {
  return reply.code(400).send({ status: 'failed', message: 'invalid', errors });
}

export function invalidFromZod(reply: FastifyReply, error: z.core.$ZodError) {
  return invalid(reply, fieldErrors(error));
}

/** A JSON body must be a plain object; anything else (array, string, null) is refused whole. */

export const unavailable = (reply: FastifyReply) => failed(reply, 503, ApiMessage.unavailable);

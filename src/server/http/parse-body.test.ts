import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EmailSchema, NameSchema } from '#shared/schemas/fields.ts';
import { parseBody } from './parse-body.ts';

const Schema = z.object({ email: EmailSchema, firstName: NameSchema(true) });
const app = Fastify();
app.post('/echo', { preHandler: parseBody(Schema) }, async (request) => ({ received: request.body }));
beforeAll(() => app.ready());
afterAll(() => app.close());

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('parseBody', () => {
  it('hands the handler the parsed body, unknown fields dropped', async () => {
    const response = await post({ email: 'anna@example.it', firstName: 'Anna', isAdmin: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { email: 'anna@example.it', firstName: 'Anna' } });
  });

  it('refuses an invalid body with 400 and a code per field', async () => {
    const response = await post({ email: 'not an address', firstName: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 'failed', message: 'invalid' });
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'firstName']);
    expect(body.errors.email).toMatch(/^validation\./);
  });

  it.each([[['a']], ['text'], [null], [42]])('refuses a body that is not an object (%j) whole', async (payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', message: 'invalid', errors: { _: 'validation.invalid' } });
  });

  it('lets a route answer a refusal its own way', async () => {
    const own = Fastify();
    own.post(
      '/x',
      { preHandler: parseBody(Schema, { refuse: (reply) => reply.code(400).send({ status: 'failed', message: 'invalidLink' }) }) },
      async () => ({}),
    );
    const response = await own.inject({ method: 'POST', url: '/x', payload: { email: 'x' } });
    expect(response.json()).toEqual({ status: 'failed', message: 'invalidLink' });
    await own.close();
  });
});

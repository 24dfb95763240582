// Routes that answer what their contracts declare: no error.
import type { FastifyInstance } from 'fastify';
import { okFor } from '../../answers.ts';
import { deleteThing, saveThing } from './contract.ts';

export async function rightRoutes(app: FastifyInstance) {
  app.post(saveThing.path, async (_request, reply) => okFor(saveThing, reply, { id: 'a', reference: null }, 'saved'));
  app.post(deleteThing.path, async (_request, reply) => okFor(deleteThing, reply));
}

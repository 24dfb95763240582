// Routes that answer a shape other than their contracts': each line marked `wrong` must not typecheck.
import type { FastifyInstance } from 'fastify';
import { okFor } from '../../answers.ts';
import { deleteThing, saveThing } from './contract.ts';

export async function wrongRoutes(app: FastifyInstance) {
  const found = { id: 1, reference: 'PC-1' };
  app.post(saveThing.path, async (_request, reply) => okFor(saveThing, reply, found)); // wrong: id is a number
  app.post(saveThing.path, async (_request, reply) => okFor(saveThing, reply, { id: 'a' })); // wrong: reference missing
  app.post(saveThing.path, async (_request, reply) => okFor(saveThing, reply)); // wrong: no data at all
  app.post(deleteThing.path, async (_request, reply) => okFor(deleteThing, reply, { id: 'a' })); // wrong: data where none is declared
}

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from './client.ts';
import { pgliteForDrizzle, turnQueue } from './pglite-for-drizzle.ts';

let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
});
afterAll(async () => {
  await client.close();
});

const probe = sql`select '2026-11-23 08:00:00+00'::timestamptz as at, '2026-11-23'::date as day, interval '1 day' as span,
  array[1.5, 2]::numeric[] as amounts, 42 as answer, '{"a":1}'::jsonb as doc`;

describe('PGlite client for drizzle', () => {
  it('sends no parsers with a query, and drizzle reads the same values as with its own', async () => {
    const plain = rowsOf(await drizzle(client).execute(probe))[0];
    const query = vi.spyOn(client, 'query');
    const db = drizzle(pgliteForDrizzle(client));
    const row = rowsOf(await db.execute(probe))[0];
    expect(row).toEqual(plain);
    expect(row).toEqual({ at: '2026-11-23 08:00:00+00', day: '2026-11-23', span: '1 day', amounts: '{1.5,2}', answer: 42, doc: { a: 1 } });
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]![2]).toMatchObject({ rowMode: 'object', parsers: undefined });
    query.mockRestore();
  });

  it('does the same inside a transaction, and rolls back on an error', async () => {
    const db = drizzle(pgliteForDrizzle(client));
    await db.execute(sql`create table notes (body text)`);
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('kept')`);
      return rowsOf(await tx.execute(probe))[0];
    });
    expect(inside).toMatchObject({ at: '2026-11-23 08:00:00+00', span: '1 day', amounts: '{1.5,2}' });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values ('lost')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(rowsOf(await db.execute(sql`select body from notes`))).toEqual([{ body: 'kept' }]);
  });
});

describe('turnQueue', () => {
  it('runs one piece of work a turn of the event loop, in order, so waiting I/O is read in between', async () => {
    const inTurn = turnQueue();
    const order: string[] = [];
    const first = inTurn(async () => {
      order.push('first');
      setImmediate(() => order.push('event loop'));
    });
    const second = inTurn(async () => order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'event loop', 'second']);
  });

  it('says how many pieces wait for their turn and whether one runs (GET /metrics)', async () => {
    const inTurn = turnQueue();
    let release = () => {};
    const first = inTurn(() => new Promise<void>((resolve) => (release = resolve)));
    const second = inTurn(async () => {});
    expect(inTurn.state()).toEqual({ waiting: 2, running: false });
    await vi.waitFor(() => expect(inTurn.state()).toEqual({ waiting: 1, running: true }));
    release();
    await Promise.all([first, second]);
    expect(inTurn.state()).toEqual({ waiting: 0, running: false });
  });

  it('goes on after a piece that fails, and hands its error to its own caller', async () => {
    const inTurn = turnQueue();
    const failed = inTurn(async () => {
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    await expect(inTurn(async () => 'next')).resolves.toBe('next');
  });
});

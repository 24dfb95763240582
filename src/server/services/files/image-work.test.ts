import { describe, expect, it } from 'vitest';
import { createImagePool, ImagePoolBusy } from './image-work.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createImagePool', () => {
  it('runs one job at a time and refuses at once when too many wait', async () => {
    const pool = createImagePool({ concurrency: 1, maxWaiting: 1 });
    let running = 0;
    let most = 0;
    const gates = [deferred(), deferred()];
    const job = (gate: { promise: Promise<void> }) => async () => {
      running++;
      most = Math.max(most, running);
      await gate.promise;
      running--;
      return 'done';
    };
    const first = pool.run(job(gates[0]!));
    const second = pool.run(job(gates[1]!));
    await expect(pool.run(async () => 'third')).rejects.toBeInstanceOf(ImagePoolBusy);
    gates[0]!.resolve();
    gates[1]!.resolve();
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(most).toBe(1);
    expect(await pool.run(async () => 'after')).toBe('after');
  });
});

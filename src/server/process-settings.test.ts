import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseMemoryWhenQuiet, serverEnvironment } from './process-settings.ts';

const realGc = (globalThis as { gc?: unknown }).gc;
afterEach(() => {
  (globalThis as { gc?: unknown }).gc = realGc;
});

describe('releaseMemoryWhenQuiet', () => {
  it('collects (compacting) once when the server goes quiet after requests, and not while nothing was asked', async () => {
    const collections: unknown[] = [];
    (globalThis as { gc?: unknown }).gc = (options: unknown) => collections.push(options);
    const server = new EventEmitter() as unknown as Server;
    const stop = releaseMemoryWhenQuiet(server, 20);
    try {
      server.emit('request');
      await expect.poll(() => collections.length).toBe(1);
      expect(collections[0]).toEqual({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      // Quiet with no new request: nothing more to give back.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(collections).toHaveLength(1);
      server.emit('request');
      await expect.poll(() => collections.length).toBe(2);
    } finally {
      stop();
    }
  });
});

describe('serverEnvironment', () => {
  it("bounds malloc's arenas unless the operator chose", () => {
    expect(serverEnvironment({ A: 'b' })).toEqual({ A: 'b', MALLOC_ARENA_MAX: '2' });
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});

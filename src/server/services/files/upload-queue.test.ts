import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUploadQueue, MAX_TURN_MS, MAX_UPLOADS_IN_FLIGHT, MAX_UPLOADS_PER_CLIENT, STUCK_AFTER_MS } from './upload-queue.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createUploadQueue', () => {
  it('admits a few uploads per client and a few overall, and takes each place back once', () => {
    const queue = createUploadQueue();
    const fromA = Array.from({ length: MAX_UPLOADS_PER_CLIENT }, () => queue.admit('a'));
    expect(fromA.every(Boolean)).toBe(true);
    expect(queue.admit('a')).toBeNull();
    // Another client still gets in.
    const others = Array.from({ length: MAX_UPLOADS_IN_FLIGHT - MAX_UPLOADS_PER_CLIENT }, (_, i) => queue.admit(`client ${i}`));
    expect(others.every(Boolean)).toBe(true);
    expect(queue.admit('late')).toBeNull();
    // A place given back twice is one place.
    fromA[0]!();
    fromA[0]!();
    expect(queue.state().inFlight).toBe(MAX_UPLOADS_IN_FLIGHT - 1);
    expect(queue.admit('late')).not.toBeNull();
    expect(queue.admit('a')).toBeNull();
  });

  it('hands the turn over in order, and a turn given back twice hands it over once', async () => {
    const queue = createUploadQueue();
    const first = await queue.turn();
    const order: string[] = [];
    const second = queue.turn().then((release) => (order.push('second'), release));
    const third = queue.turn().then((release) => (order.push('third'), release));
    expect(queue.state().waiting).toBe(2);
    first();
    first();
    const releaseSecond = await second;
    expect(order).toEqual(['second']);
    releaseSecond();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(queue.state()).toMatchObject({ waiting: 0, oldestWaitMs: 0, stuck: false });
    // The turn is free again.
    (await queue.turn())();
  });

  it('takes the turn back from a holder that never gives it back, and says when uploads wait too long', async () => {
    vi.useFakeTimers();
    let now = 0;
    const queue = createUploadQueue(() => now);
    await queue.turn();
    const next = queue.turn();
    now = STUCK_AFTER_MS + 1;
    expect(queue.state().stuck).toBe(true);
    vi.advanceTimersByTime(MAX_TURN_MS);
    const release = await next;
    expect(queue.state()).toMatchObject({ waiting: 0, stuck: false });
    release();
  });
});

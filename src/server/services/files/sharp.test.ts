import { describe, expect, it } from 'vitest';
import { loadSharp } from './sharp.ts';

describe('loadSharp', () => {
  it('keeps no libvips operation cache and decodes on one thread (issue 27: an upload leaves nothing cached behind)', async () => {
    const sharp = await loadSharp();
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
    expect(await loadSharp()).toBe(sharp);
  });
});

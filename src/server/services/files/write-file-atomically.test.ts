import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from './write-file-atomically.ts';

describe('writeFileAtomically', () => {
  it('writes the whole file under its name and leaves no .part', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    await writeFileAtomically(path.join(dir, 'a.jpg'), Buffer.from('abc'));
    expect(readFileSync(path.join(dir, 'a.jpg'), 'utf8')).toBe('abc');
    expect(readdirSync(dir)).toEqual(['a.jpg']);
  });

  it('removes its .part when the write fails half way', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    // A folder in the way makes the final rename fail after the .part was written.
    mkdirSync(path.join(dir, 'b.jpg', 'inside'), { recursive: true });
    await expect(writeFileAtomically(path.join(dir, 'b.jpg'), Buffer.from('abc'))).rejects.toThrow();
    expect(existsSync(path.join(dir, 'b.jpg.part'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['b.jpg']);
  });
});

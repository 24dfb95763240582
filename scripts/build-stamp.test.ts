import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, writeBuildStamp } from './build-stamp.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with a few sources and a build of them. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('src/web/main.tsx', 'render();\n');
  write('src/shared/limits.ts', 'export const MB = 1;\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('dist/web/index.html', '<!doctype html>');
  return { root, dist: path.join(root, 'dist/web'), write };
}

describe('the web build stamp', () => {
  it('holds while the sources are those the build was made from', () => {
    const { root, dist } = project();
    expect(buildIsCurrent(root, dist)).toBe(false);
    writeBuildStamp(root, dist);
    expect(buildIsCurrent(root, dist)).toBe(true);
  });

  it('fails after a change to a web or shared source, a new file, or the lock file (an upgrade), but not after a test changes', () => {
    const { root, dist, write } = project();
    writeBuildStamp(root, dist);
    write('src/web/main.tsx.test.ts', 'test();\n');
    write('src/shared/limits.test.ts', 'test();\n');
    expect(buildIsCurrent(root, dist)).toBe(true);
    for (const [file, text] of [
      ['src/web/main.tsx', 'render(2);\n'],
      ['src/shared/new-rule.ts', 'export {};\n'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}\n'],
    ]) {
      write(file!, text!);
      expect(buildIsCurrent(root, dist), file).toBe(false);
      writeBuildStamp(root, dist);
    }
  });
});

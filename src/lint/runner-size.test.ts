// The form runner stays a set of small hooks (issue #22): a newcomer reads any one of them whole.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const RUNNER = new URL('../web/forms/runner/', import.meta.url);
const MAX_LINES = 200;

describe('the form runner', () => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    const files = readdirSync(RUNNER).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));
    expect(files.length).toBeGreaterThan(3);
    const long = files.map((name) => [name, readFileSync(new URL(name, RUNNER), 'utf8').split('\n').length] as const).filter(([, lines]) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

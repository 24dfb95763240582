import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// knip, as `npm run lint` runs it after eslint, on two tiny projects under fixtures/knip (the main
// run skips the fixtures): one where everything is used, and one with an export nobody imports
// and a file nobody reaches. Each fixture has its own package.json and knip.json (entry main.ts).
const root = fileURLToPath(new URL('../..', import.meta.url));
const knipBin = fileURLToPath(new URL('../../node_modules/knip/bin/knip.js', import.meta.url));

interface KnipIssue {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
}

function knip(fixture: string): { status: number | null; issues: KnipIssue[] } {
  const directory = fileURLToPath(new URL(`fixtures/knip/${fixture}`, import.meta.url));
  const run = spawnSync(process.execPath, [knipBin, '--directory', directory, '--reporter', 'json', '--no-progress'], { encoding: 'utf8' });
  return { status: run.status, issues: run.stdout.trim() ? (JSON.parse(run.stdout) as { issues: KnipIssue[] }).issues : [] };
}

describe('knip in npm run lint', () => {
  it('runs after eslint', () => {
    const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.lint).toMatch(/^eslint .* && knip\b/);
  });

  it('fails on an unused export and on an unused file', () => {
    const { status, issues } = knip('dead');
    expect(status).toBe(1);
    expect(issues.flatMap((issue) => issue.files.map((file) => file.name))).toEqual(['orphan.ts']);
    expect(issues.flatMap((issue) => issue.exports.map((unused) => `${issue.file} ${unused.name}`))).toEqual(['words.ts whisper']);
  });

  it('passes when every file is reached and every export imported', () => {
    expect(knip('clean')).toEqual({ status: 0, issues: [] });
  });
});

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, nodeMajor, unsupportedRuntime } from './runtime.ts';

describe('runtime', () => {
  it('the test runner runs on the supported Node.js major', () => {
    expect(nodeMajor()).toBe(SUPPORTED_NODE_MAJOR);
    expect(SUPPORTED_NODE_MAJOR).toBe(24);
  });

  it('the node that npm scripts find on the PATH is the supported major (the server is started with it)', () => {
    const run = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(nodeMajor(run.stdout.trim())).toBe(SUPPORTED_NODE_MAJOR);
  });

  it('refuses an older or newer major with a sentence for the operator', () => {
    expect(unsupportedRuntime('20.20.2')).toMatch(/needs Node\.js 24.*20\.20\.2.*npm start/);
    expect(unsupportedRuntime('26.1.0')).not.toBeNull();
    expect(unsupportedRuntime('24.21.0')).toBeNull();
  });
});

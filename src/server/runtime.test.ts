import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
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

  it("npm start runs the sources on Node's own type stripping, with no loader", () => {
    const start = readFileSync(new URL('../../scripts/start.mjs', import.meta.url), 'utf8');
    expect(start).toContain("spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts']");
    expect(start).not.toMatch(/tsx/);
  });

  it('tsc refuses syntax Node cannot strip (parameter properties, enums)', () => {
    const configPath = new URL('../../tsconfig.json', import.meta.url).pathname;
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, new URL('../..', import.meta.url).pathname);
    const source = 'export class A { constructor(readonly x: string) {} }\nexport enum B { C }\n';
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language) => (name === '/sample.ts' ? ts.createSourceFile(name, source, language) : read(name, language));
    const program = ts.createProgram(['/sample.ts'], { ...options, types: [], noEmit: true }, host);
    const codes = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()].map((d) => d.code);
    expect(codes.filter((code) => code === 1294)).toHaveLength(2);
  });
});

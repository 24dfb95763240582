// Issue 40 item 5: a route answering a shape other than its contract's does not typecheck. The
// fixtures (excluded from the main tsconfig) are compiled as one program with the project's options.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(import.meta.dirname, '__fixtures__/answers');

function diagnosticsByFile() {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  const files = ['right.ts', 'wrong.ts'].map((name) => path.join(fixtures, name));
  const program = ts.createProgram(files, config.options);
  return Object.fromEntries(
    files.map((file) => {
      const source = program.getSourceFile(file)!;
      const lines = ts.getPreEmitDiagnostics(program, source).map((d) => ({ line: source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1, code: d.code }));
      return [path.basename(file), { lines, source: source.text }];
    }),
  );
}

describe('okFor: answers typed by the contract', () => {
  const found = diagnosticsByFile();

  it('accepts a route answering its contract’s shape', () => {
    expect(found['right.ts']!.lines).toEqual([]);
  });

  it('refuses each route answering another shape, with a type error on its own line and nowhere else', () => {
    const wrongLines = found['wrong.ts']!.source.split('\n').flatMap((text, i) => (text.includes('// wrong:') ? [i + 1] : []));
    expect(wrongLines).toHaveLength(4);
    const { lines } = found['wrong.ts']!;
    expect([...new Set(lines.map((d) => d.line))]).toEqual(wrongLines);
    // 2769 no overload matches, 2345 argument not assignable: type errors, not a missing import or syntax.
    for (const { code } of lines) expect([2345, 2769]).toContain(code);
  });
});

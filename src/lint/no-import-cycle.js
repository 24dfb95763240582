// The lint's import-cycle rule, type-only imports included (issue #22). eslint-plugin-import-x's
// no-cycle leaves out every `import type` and has no option to count them, so a cycle held by a
// type-only import passed the lint. This rule walks the same graph with every import counted:
// static and type-only imports, re-exports, and `import()` of a literal path. Paths are resolved by
// TypeScript with the project's tsconfig.json, as tsc resolves them (`#shared/*`, `.ts` suffixes);
// packages are not followed. A file is reported at each of its imports that leads back to it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The compiler options of the tsconfig.json above `cwd`, read once per directory. */
const optionsByDirectory = new Map();
function compilerOptionsFor(cwd) {
  if (!optionsByDirectory.has(cwd)) {
    const configFile = ts.findConfigFile(cwd, ts.sys.fileExists, 'tsconfig.json');
    const config = configFile ? ts.readConfigFile(configFile, ts.sys.readFile).config : {};
    optionsByDirectory.set(cwd, ts.parseJsonConfigFileContent(config, ts.sys, configFile ? path.dirname(configFile) : cwd).options);
  }
  return optionsByDirectory.get(cwd);
}

/** The project file `specifier` names from `containingFile`; null for a package, a declaration file or a path that does not resolve. */
function resolve(specifier, containingFile, options) {
  const { resolvedModule } = ts.resolveModuleName(specifier, containingFile, options, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport || resolvedModule.extension === ts.Extension.Dts) return null;
  return path.resolve(resolvedModule.resolvedFileName);
}

/** The project files each file imports, by path, kept while the file's modification time stays the same. */
const importsByFile = new Map();
function importsOf(file, options) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsByFile.get(file);
  if (cached?.mtime === mtime) return cached.imports;
  // A scan of the import and export clauses (type-only ones included), without a full parse.
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  const imports = [...new Set(importedFiles.map(({ fileName }) => resolve(fileName, file, options)).filter((imported) => imported !== null))];
  importsByFile.set(file, { mtime, imports });
  return imports;
}

/**
 * The files from `start` back to `file` (breadth first, so the shortest), or null. `dead` holds files
 * known not to lead back; it grows with each search that fails, so one file's imports share it.
 */
function routeBack(start, file, options, dead) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i];
    for (const next of importsOf(current, options)) {
      if (next === file) {
        const route = [];
        for (let step = current; step !== null; step = cameFrom.get(step)) route.unshift(step);
        return route;
      }
      if (cameFrom.has(next) || dead.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  for (const visited of cameFrom.keys()) dead.add(visited);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that leads back to the importing module, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Dependency cycle (type-only imports count): {{route}}' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const options = compilerOptionsFor(context.cwd);
    const dead = new Set();
    const relative = (to) => path.relative(path.dirname(file), to) || path.basename(to);
    function check(node, source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const imported = resolve(source.value, file, options);
      if (imported === null || imported === file || dead.has(imported)) return;
      const route = routeBack(imported, file, options, dead);
      if (route) context.report({ node, messageId: 'cycle', data: { route: [...route, file].map(relative).join(' → ') } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

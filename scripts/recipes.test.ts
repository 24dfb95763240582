// docs/recipes.md goes stale when a file it names moves or a name it points at is renamed: every
// backticked repository path must exist (`<lang>` standing for each language, `<new>` for a folder to create), and every name in a
// step's `path` (`Name`, …) list must be declared at the top level of that file (a key path in a
// JSON file). "Add a field" is also applied for real: src/server/routes/recipe-add-a-field.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/markets.ts';

const ROOT = join(import.meta.dirname, '..');
const RECIPES = readFileSync(join(ROOT, 'docs/recipes.md'), 'utf8');

const PATH = /^(?:src|scripts|docs|e2e|bench)\/[\w./<>-]*$/;
/** A step's `path` (`Name`, `Other`): the names it touches in that file. */
const TOUCHES = /`([^`\s]+)` \(((?:`[^`]+`(?:, )?)+)\)/g;

/**
 * Each language's copy of a path written with `<lang>`; a path to create, written with `<new>`
 * (the new market's code), stands for the folder it is created in.
 */
const expand = (path: string) => {
  if (path.includes('<new>')) return [path.slice(0, path.indexOf('<new>'))];
  return path.includes('<lang>') ? LANGUAGES.map((language) => path.replaceAll('<lang>', language)) : [path];
};

/** The names declared at the top level of a TypeScript module, exported or not. */
function declaredNames(file: string): Set<string> {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) names.add(declaration.name.getText(source));
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
    else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const element of statement.exportClause.elements) names.add(element.name.text);
  }
  return names;
}

/** Whether a JSON file holds the dotted key path. */
function hasKeyPath(file: string, keyPath: string): boolean {
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of keyPath.split('.')) {
    if (!node || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/** What a recipe text names that is not there: missing paths, then missing names, as readable lines. */
function staleReferences(markdown: string, root = ROOT): string[] {
  const problems: string[] = [];
  const paths = [...markdown.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).filter((token) => PATH.test(token));
  for (const path of new Set(paths.flatMap(expand))) if (!existsSync(join(root, path))) problems.push(`no such file: ${path}`);
  for (const [, path, list] of markdown.matchAll(TOUCHES)) {
    const names = [...list!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    for (const file of expand(path!).map((p) => join(root, p))) {
      if (!existsSync(file)) continue;
      const has = file.endsWith('.json')
        ? (name: string) => hasKeyPath(file, name)
        : (
            (declared) => (name: string) =>
              declared.has(name)
          )(declaredNames(file));
      for (const name of names) if (!has(name)) problems.push(`${path} has no ${name}`);
    }
  }
  return problems;
}

describe('docs/recipes.md', () => {
  it.each(['Add a field', 'Add a form', 'Add a market', 'Add a staff page'])('has the recipe "%s"', (title) => {
    expect(RECIPES).toContain(`\n## ${title}\n`);
  });

  it('names only files that exist and names they declare', () => {
    // The recipes do name files and their names (a change of the format that the patterns above no
    // longer read would otherwise pass with nothing checked).
    expect([...RECIPES.matchAll(TOUCHES)].length).toBeGreaterThan(30);
    expect(staleReferences(RECIPES)).toEqual([]);
  });

  it('notices a file that moved and a name that went', () => {
    const stale = [
      'The page: `src/web/features/staff/privacy/privacy-record-page.tsx` (`PrivacyRecordPage`).',
      'The words: `src/shared/i18n/messages/<lang>/form.json` (`form.fieldNames`, `form.noSuchKey`).',
      'The catalogue: `src/shared/forms/catalogue.ts` (`FORMS`, `ALL_FORMS`).',
    ].join('\n');
    expect(staleReferences(stale)).toEqual([
      'no such file: src/web/features/staff/privacy/privacy-record-page.tsx',
      ...LANGUAGES.map(() => 'src/shared/i18n/messages/<lang>/form.json has no form.noSuchKey'),
      'src/shared/forms/catalogue.ts has no ALL_FORMS',
    ]);
  });
});

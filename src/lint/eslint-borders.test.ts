import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, run on code at virtual paths inside src/web: the imported
// files are real, so each import resolves as it would in the product. `ignore: false` lets the
// cycle fixtures (src/lint/fixtures/), which the main lint run skips, be linted here.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, ignore: false });

async function borderErrors(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('import-x/'));
}

async function cycleErrors(fixture: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintFiles([`src/lint/fixtures/${fixture}`]);
  return (result?.messages ?? []).filter((message) => message.ruleId === 'champions/no-import-cycle');
}

const importing = (from: string) => `import * as imported from '${from}';\nexport const used = imported;\n`;

const featureToFeature = 'A feature does not import another feature';
const onlyMainImportsApp = 'Only main.tsx and entry-server.tsx (the server renderer) import app/';
const belowFeatures = 'components/ and lib/ import nothing from app/, features/ or forms/';
const formsBelowFeatures = 'forms/ imports nothing from app/ or features/';
const staffBase = 'staff/session/ and staff/shared/ import no audience room';
const staffRoom = 'A staff audience room imports only itself, staff/session/ and staff/shared/';

describe('borders between the web layers', () => {
  it.each([
    ['a feature importing another feature', 'src/web/features/landing/border.tsx', '../legal/legal-page.tsx', featureToFeature],
    ['components importing app', 'src/web/components/border.tsx', '../app/app.tsx', onlyMainImportsApp],
    ['lib importing a feature', 'src/web/lib/border.ts', '../features/legal/legal-page.tsx', belowFeatures],
    ['lib importing a feature by #web/', 'src/web/lib/border.ts', '#web/features/legal/legal-page.tsx', belowFeatures],
    ['forms importing a feature', 'src/web/forms/border.tsx', '../features/landing/landing-page.tsx', formsBelowFeatures],
    ['a file other than main.tsx importing app', 'src/web/features/landing/border.tsx', '../../app/routes.tsx', onlyMainImportsApp],
    ["staff's session importing an audience room", 'src/web/features/staff/session/border.tsx', '../main-admin/main-admin-page.tsx', staffBase],
    ["staff's shared pieces importing an audience room", 'src/web/features/staff/shared/border.tsx', '../review/review-nav.tsx', staffBase],
    ["the rep's room importing the area manager's", 'src/web/features/staff/rep/border.tsx', '../area-manager/pharmacy-list.tsx', staffRoom],
    ["the review desk importing the main admin's room", 'src/web/features/staff/review/border.tsx', '../main-admin/main-admin-page.tsx', staffRoom],
  ])('refuses %s', async (_case, filePath, imported, message) => {
    const errors = await borderErrors(filePath, importing(imported));
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['a feature importing itself', 'src/web/features/landing/border.tsx', './landing-page.tsx'],
    ['a feature importing components', 'src/web/features/landing/border.tsx', '../../components/spinner.tsx'],
    ['components importing lib', 'src/web/components/border.tsx', '../lib/site-context.tsx'],
    ['lib importing shared', 'src/web/lib/border.ts', '#shared/limits.ts'],
    ['forms importing components', 'src/web/forms/border.tsx', '../components/spinner.tsx'],
    ['main.tsx importing app', 'src/web/main.tsx', './app/app.tsx'],
    ['the server renderer importing app', 'src/web/entry-server.tsx', './app/app.tsx'],
    ['app importing app', 'src/web/app/border.tsx', './routes.tsx'],
    ['a staff audience room importing session and shared', 'src/web/features/staff/rep/border.tsx', '../session/staff-session.tsx'],
    ['a staff audience room importing the shared staff pieces', 'src/web/features/staff/review/border.tsx', '../shared/use-staff-load.ts'],
    ['the main admin importing the review desk', 'src/web/features/staff/main-admin/border.tsx', '../review/review-nav.tsx'],
    ['shared staff pieces importing the session', 'src/web/features/staff/shared/border.tsx', '../session/staff-session.tsx'],
  ])('allows %s', async (_case, filePath, imported) => {
    expect(await borderErrors(filePath, importing(imported))).toEqual([]);
  });
});

describe('the server and the web', () => {
  const restricted = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  };

  it.each([
    ['web code by a relative path', '../../web/lib/i18n.ts'],
    ['web code by #web/', '#web/lib/i18n.ts'],
    ['a module beside the message files', '../../web/i18n/en/staff.ts'],
  ])('refuses the server importing %s', async (_case, imported) => {
    expect(await restricted('src/server/services/border.ts', importing(imported))).toEqual([expect.stringContaining('The server never imports web code')]);
  });

  it.each([
    ['src/server/services/border.ts', '../../shared/i18n/messages/it/staff.json'],
    ['src/server/services/border.ts', '#shared/i18n/messages/it/staff.json'],
    ['src/web/lib/border.ts', '../../shared/i18n/messages/it/staff.json'],
    ['src/shared/border.ts', './i18n/messages/it/staff.json'],
  ])('refuses %s importing a message file (%s): words are read through #shared/i18n/messages.ts', async (filePath, imported) => {
    expect(await restricted(filePath, `import messages from '${imported}' with { type: 'json' };\nexport const used = messages;\n`)).toEqual([
      expect.stringContaining('Words are read through #shared/i18n/messages.ts'),
    ]);
  });
});

describe('import cycles', () => {
  it('refuses a module on a cycle, and lets a module import one that is', async () => {
    expect(await cycleErrors('cycle/first.ts')).toHaveLength(1);
    expect(await cycleErrors('cycle/second.ts')).toHaveLength(1);
    expect(await cycleErrors('cycle/third.ts')).toEqual([]);
  });

  it('refuses a cycle held by a type-only import, on both of its modules', async () => {
    expect((await cycleErrors('type-cycle/store.ts')).map((error) => error.message)).toEqual([expect.stringContaining('record.ts → store.ts')]);
    expect((await cycleErrors('type-cycle/record.ts')).map((error) => error.message)).toEqual([expect.stringContaining('store.ts → record.ts')]);
  });
});

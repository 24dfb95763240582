import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { noImportCycle } from './src/lint/no-import-cycle.js';
import { noMarketLiteral } from './src/lint/no-market-literal.js';

// One zone per feature folder, read from disk so that a new feature is covered without an edit here.
const features = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The project's own rules (src/lint/).
const champions = { rules: { 'no-import-cycle': noImportCycle, 'no-market-literal': noMarketLiteral } };

// import-x/no-restricted-paths zones: files under `target` may not import files under `from`.
const webBorderZones = [
  {
    target: ['src/web/!(app|main.tsx|entry-server.tsx)', 'src/web/!(app)/**'],
    from: 'src/web/app',
    message: 'Only main.tsx and entry-server.tsx (the server renderer) import app/; app composes the layers below it.',
  },
  {
    target: ['src/web/components', 'src/web/lib'],
    from: ['src/web/features', 'src/web/forms'],
    message: 'components/ and lib/ import nothing from app/, features/ or forms/.',
  },
  {
    target: 'src/web/forms',
    from: 'src/web/features',
    message: 'forms/ imports nothing from app/ or features/.',
  },
  ...features.map((feature) => ({
    target: `src/web/features/${feature}`,
    from: 'src/web/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature; move what both need to components/ or lib/.',
  })),
  // Inside staff/ (decision 0081): the rooms by audience lean on session/ and shared/, never the
  // other way round, and the area manager's, the rep's and the review desk's rooms do not reach
  // into one another. main-admin/ may: the main admin's pages sit under the review desk's nav.
  {
    target: ['src/web/features/staff/session', 'src/web/features/staff/shared'],
    from: 'src/web/features/staff',
    except: ['./session', './shared'],
    message: 'staff/session/ and staff/shared/ import no audience room (area-manager/, main-admin/, rep/, review/).',
  },
  ...['area-manager', 'rep', 'review'].map((room) => ({
    target: `src/web/features/staff/${room}`,
    from: 'src/web/features/staff',
    except: [`./${room}`, './session', './shared'],
    message: 'A staff audience room imports only itself, staff/session/ and staff/shared/; move what two rooms need to staff/shared/.',
  })),
];

/** The message files are read through #shared/i18n/messages.ts alone (decision 0077). */
const MESSAGE_FILES_PATTERN = {
  group: ['**/i18n/messages/**', '#shared/i18n/messages/**'],
  message: "Words are read through #shared/i18n/messages.ts (or the server's services/texts.ts), never by importing a message file.",
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'tmp/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
      '.scratch/',
      'src/lint/fixtures/',
      'src/server/http/__fixtures__/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*', '**/server/**'], message: 'The web layer never imports server code.' }, MESSAGE_FILES_PATTERN] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^#web/|(^|/)web/', message: 'The server never imports web code.' }, MESSAGE_FILES_PATTERN] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#web/*', '#server/*', '**/web/**', '**/server/**'], message: 'shared imports neither web nor server.' },
            { group: ['node:*'], message: 'shared has no Node APIs.' },
            MESSAGE_FILES_PATTERN,
          ],
        },
      ],
    },
  },
  {
    // The one module that reads the message files (decision 0077).
    files: ['src/shared/i18n/messages.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Borders inside src/ (src/web/README.md, "Borders"). Imports are resolved to files, relative
  // or `#web/*` alike, so the rules hold whichever way a path is written.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, champions },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBorderZones, basePath: import.meta.dirname }],
      // No import cycles, type-only imports included: import-x/no-cycle leaves those out and has no
      // option to count them, so the project's own rule walks the graph (src/lint/no-import-cycle.js).
      'champions/no-import-cycle': 'error',
    },
  },
  // No comparison with a market or language code outside the market table (decision 0076): a
  // market fact is a field of its entry in src/shared/market-table.ts.
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,js}'],
    ignores: [
      'src/shared/market-table.ts',
      // Tests compare codes as test data.
      '**/*.test.{ts,tsx}',
    ],
    plugins: { champions },
    rules: { 'champions/no-market-literal': 'error' },
  },
);

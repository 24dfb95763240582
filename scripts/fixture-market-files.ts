// The fixture market's files (decision 0080), written for a test run and removed after it: its
// language's message files are the English ones and its legal texts the UK's English ones, each
// value marked, so a test sees which words came from the fixture. They live only for the run
// (vitest.config.ts names this module its global setup): the product's globs would otherwise
// bundle them into the real build.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const CODE = 'xx';
const MARKER = '⟦xx⟧ ';
const src = join(import.meta.dirname, '..', 'src');
const messages = join(src, 'shared', 'i18n', 'messages');
const content = join(src, 'web', 'content');

const marked = (value: unknown): unknown =>
  typeof value === 'string'
    ? `${MARKER}${value}`
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, child]) => [key, marked(child)]))
      : value;

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function writeFixtureMarketFiles() {
  for (const file of readdirSync(join(messages, 'en'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
    write(join(messages, CODE, file), `${JSON.stringify(marked(JSON.parse(readFileSync(join(messages, 'en', file), 'utf8'))), null, 2)}\n`);
  }
  for (const file of readdirSync(join(content, 'uk', 'en'))) {
    write(join(content, CODE, CODE, file), readFileSync(join(content, 'uk', 'en', file), 'utf8').replace(/^(#+ )/gm, `$1${MARKER}`));
  }
}

function removeFixtureMarketFiles() {
  rmSync(join(messages, CODE), { recursive: true, force: true });
  rmSync(join(content, CODE), { recursive: true, force: true });
}

export default function setup() {
  writeFixtureMarketFiles();
  return removeFixtureMarketFiles;
}

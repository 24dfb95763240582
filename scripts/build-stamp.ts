// The web build's stamp: a SHA-256 of everything the build is made from (the web and shared
// sources, the build's configuration, the lock file), written beside the build by `npm run build`.
// `npm start` builds again when the stamp is missing or differs, so that an upgrade
// (`git pull && npm install && npm start`) never serves the previous release's bundle and renderer.
// Contents, not times: a checkout sets every file's time to the moment of the pull.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads, relative to the project's root: folders are walked, tests left out. */
const BUILD_INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'vite.ssr.config.ts',
  'scripts/service-worker-plugin.ts',
  'scripts/compress-assets.mjs',
  'tsconfig.json',
  'package-lock.json',
];
const STAMP_FILE = '.build-stamp';
const isTest = (name: string) => /\.test\.(ts|tsx|mjs)$/.test(name);

function filesOf(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !isTest(entry.name))
    .flatMap((entry) => filesOf(root, path.join(relative, entry.name)));
}

/** The fingerprint of the build's inputs under `root`. */
export function buildFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => filesOf(root, input)).sort()) {
    hash
      .update(file.split(path.sep).join('/'))
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether the build in `dist` was made from the inputs as they are now. */
export function buildIsCurrent(root: string, dist: string): boolean {
  const stamp = path.join(dist, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === buildFingerprint(root);
}

export function writeBuildStamp(root: string, dist: string): void {
  writeFileSync(path.join(dist, STAMP_FILE), `${buildFingerprint(root)}\n`);
}

// `node scripts/build-stamp.ts`: the last step of `npm run build`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeBuildStamp(root, path.join(root, 'dist', 'web'));
}

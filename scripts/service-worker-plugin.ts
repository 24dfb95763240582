// The rep's offline app (decision 0026): builds src/web/service-worker/sw.ts into /sw.js after the
// app, as one classic script with the build's file list (PRECACHE) and a version named after it, so
// that each new build installs a new worker which caches the new files and drops the old ones.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** The built files the worker caches at install, as written: every script, style, font and image, not the compressed copies. */
const precacheOf = (outDir: string) =>
  readdirSync(path.join(outDir, 'assets'))
    .filter((name) => !/\.(br|gz|map)$/.test(name))
    .sort()
    .map((name) => `/assets/${name}`);

export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return; // a failed build: its own error is the one to read
      const precache = precacheOf(outDir);
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        define: { PRECACHE: JSON.stringify(precache), VERSION: JSON.stringify(version) },
        resolve: { alias: { '#shared': path.resolve(root, '../shared') } },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: path.resolve(root, 'service-worker/sw.ts'), formats: ['iife'], name: 'championsServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}

import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// @ts-expect-error -- a plain ESM script without types (scripts/compress-assets.mjs)
import { compressAssets } from './scripts/compress-assets.mjs';

/** .br and .gz copies of the built text assets, served by the server with preCompressed. */
function compressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'compressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      (compressAssets as (dir: string) => number)(outDir);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), compressedCopies()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});

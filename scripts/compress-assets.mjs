// Writes .br and .gz copies of the built text assets next to them, so that the server
// (@fastify/static with preCompressed) sends them compressed without compressing per request.
// Run by the Vite build (vite.config.ts, after the bundle is written), or by hand:
//   node scripts/compress-assets.mjs [dir]   (default dist/web)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|txt|map|webmanifest|xml)$/i;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/** Compresses every text asset under dir (index.html excepted: the server fills it per visit). */
export function compressAssets(dir) {
  let written = 0;
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const stat = statSync(file);
      if (stat.isDirectory()) {
        if (name !== '.vite') walk(file);
        continue;
      }
      if (!TEXT.test(name) || stat.size < MIN_BYTES) continue;
      const content = readFileSync(file);
      const brotli = brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      const gzip = gzipSync(content, { level: 9 });
      if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
      if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      written += 1;
    }
  };
  walk(dir);
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist', 'web'));
  console.log(`compress-assets: ${compressAssets(dir)} files compressed in ${dir}`);
}

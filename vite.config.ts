import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// @ts-expect-error -- a plain ESM script without types (scripts/compress-assets.mjs)
import { compressAssets } from './scripts/compress-assets.mjs';
import { serviceWorker } from './scripts/service-worker-plugin.ts';

/** .br and .gz copies of the built text assets, served by the server with preCompressed. */
function compressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'compressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // A failed build still closes the bundle: leave its error to be reported.
    closeBundle(error?: Error) {
      if (error) return;
      (compressAssets as (dir: string) => number)(outDir);
    },
  };
}

/**
 * .vite/module-chunks.json: the manifest key of the chunk each source module ended up in. Vite's
 * manifest only names chunks by their entry module, so a page or message file merged into a group
 * below would otherwise be missing; the server's preloader and the bundle budgets read both
 * (src/server/services/preload.ts readManifest).
 */
function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const key = chunk.facadeModuleId ? path.relative(root, chunk.facadeModuleId) : `_${path.basename(chunk.fileName)}`;
        for (const id of chunk.moduleIds) {
          if (id.startsWith(root) && !id.includes('node_modules')) map[path.relative(root, id).split(path.sep).join('/')] = key;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(map) });
    },
  };
}

/**
 * Fewer, larger chunks on the first load: on a slow mobile connection each extra file costs a
 * round trip, so the form routes fetch the framework, their messages and the form code in a
 * handful of files instead of twenty (bench/README.md, Lighthouse). Landing and legal pages keep
 * their own small chunks and never download the form group.
 */
/**
 * Code every form page shares (each page's own modules stay in their page's chunk; the field force's
 * stay out). What a form shows only after a rare answer (an edit link no longer valid, an e-mail
 * already registered) and the "e-mail me a link" pages stay out too, in chunks of their own.
 */
const FORM_CODE =
  /src[\\/](shared[\\/](forms|schemas[\\/](?!review|finder|dashboard|staff)|registration|reference[\\/](?!options))|web[\\/](forms[\\/](?!application-page|steps-application-page|steps-sections|steps[\\/]|field-force|sections[\\/]field-force|rep-visit|sections[\\/](rep-visit|extra-pharmacists|listing-preview)|offline-outbox|update-link-offer|link-request-page)|components[\\/](?!charter-|rich-text|support-sentence|altcha-widget|leaflet-|points-map|link-not-valid-view|manual-address|photo-input|listing-card)|lib[\\/]api(?![\\/](applicant-links|finder-|places-geocode|my-application))))|node_modules[\\/](zod|react-hook-form|@hookform|react-i18next|html-parse-stringify)[\\/]/;
/**
 * What every staff page loads around it (the session, the bar, the staff home path) and the rep's
 * visit form, in one chunk: the rep form route fetched them as seven small files.
 */
const STAFF_CODE =
  /src[\\/](shared[\\/]staff-home|web[\\/](features[\\/]staff[\\/](staff-session|staff-user|staff-area|staff-bar|staff\.css|api[\\/](get-me|sign-out)|rep[\\/](rep-form-page|rep\.css))|forms[\\/](rep-visit-sections|sections[\\/]rep-visit-(fields|history))))/;
/** Message files fetched together: the shell's on every page, the form's with any form page, the staff pages' own. */
const MESSAGE_BUNDLES: Record<string, string> = { common: 'shell', layout: 'shell', consent: 'shell', form: 'form', components: 'form', staff: 'staff', reference: 'staff' };
const messageBundle = (id: string) => {
  const match = /i18n[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(id);
  const bundle = match && MESSAGE_BUNDLES[match[2]!];
  return bundle ? `messages-${match[1]}-${bundle}` : null;
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), moduleChunks(), compressedCopies(), serviceWorker()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', tags: ['$initial'], priority: 30 },
            { name: 'framework', test: /rolldown[\\/]runtime/, priority: 30 },
            // The charter list and the sentences with links, shared by the landing page and the forms: kept out of the form group.
            { name: 'charter', test: /reference[\\/]options|components[\\/](charter-|rich-text|support-sentence)/, priority: 25 },
            { name: messageBundle, debugName: 'messages', priority: 20 },
            { name: 'form', test: FORM_CODE, priority: 10 },
            // After the form group, so the form code the staff pages use stays in the form chunk.
            { name: 'staff', test: STAFF_CODE, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});

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
          // The message files (src/shared/i18n/messages) lie outside the root: their keys start with '../'.
          if (path.isAbsolute(id) && !id.includes('node_modules')) map[path.relative(root, id).split(path.sep).join('/')] = key;
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
  /src[\\/](shared[\\/](forms(?![\\/]form-for)|schemas[\\/](?!review|finder|dashboard|staff|csv-export|activity-log|programme-report|privacy)|registration|reference[\\/](?!options))|web[\\/](forms[\\/](?!application-page|steps-application-page|form-entry|entries[\\/]|field-confirmation-page|sections[\\/](staff-language-field|api-client-section)|steps-sections|steps[\\/]|field-force|sections[\\/]field-force|rep-visit|sections[\\/](rep-visit|extra-pharmacists|listing-preview)|offline-outbox|update-link-offer|link-request-page)|components[\\/](?!charter-|rich-text|support-sentence|altcha-widget|leaflet-|points-map|link-not-valid-view|manual-address|photo-input|listing-card)|lib[\\/]api(?![\\/](applicant-links|finder-|places-geocode|my-application|save-temp-pharmacist-image))))|node_modules[\\/](zod|react-hook-form|@hookform|react-i18next|html-parse-stringify)[\\/]/;
/**
 * What the forms and the staff pages share (zod, the shared field and staff schemas, the API client,
 * the error, loading and map views, the plain field components): a chunk of its own, so that a
 * staff list never downloads the form runner and its sections (decision 0017, issue 24).
 */
const BASE_CODE =
  /src[\\/](shared[\\/](schemas[\\/](fields|field-force|registration-common|api|staff)\.ts|field-clock|staff-roles|sanitize|api[\\/]contract|reference[\\/](italy|call-flags|oncology-status))|web[\\/](lib[\\/](api-client|use-near-viewport|use-error-text)|components[\\/](error-view|spinner|map-view|field|text-input|select|checkbox|error-summary)\.))|node_modules[\\/]zod[\\/]/;
/**
 * What every staff page loads around it (the session, the bar, the staff home path, no access, the
 * call flags and visit days in words), in one chunk.
 */
const STAFF_CODE =
  /src[\\/](shared[\\/](staff-home|api[\\/]staff-session-endpoints)|web[\\/](features[\\/]staff[\\/](session[\\/](staff-session|staff-user|staff-area|staff-bar|staff\.css|no-access|api[\\/](get-me|sign-out))|rep[\\/]rep\.css)|lib[\\/](use-call-flag-text|visit-days)))/;
/** The staff lists' helpers: the staff contracts, the loader, pager and title hooks, visits due, the outcome badge, the map of Italy, the offline outbox. */
const STAFF_LIST_CODE =
  /src[\\/](shared[\\/](visit-due|api[\\/]staff-endpoints|schemas[\\/](staff-rep-list|csv-export|activity-log))|web[\\/](features[\\/]staff[\\/](shared[\\/](pharmacist-status|pharmacy-pager|use-page-title|use-staff-load|italy-map|flag-colours)|area-manager[\\/]api[\\/]area-manager-pharmacies)|lib[\\/]use-my-location|forms[\\/]offline-outbox))/;
/** The rep's visit form's sections, beside the form group (the rep's list never loads the form runner). */
const REP_FORM_CODE = /src[\\/]web[\\/]forms[\\/](rep-visit-sections|sections[\\/]rep-visit-(fields|history))/;
/**
 * Message files fetched together: the shell's (and the charter's) on every page, the form's with any
 * form page, the staff pages' own. The components' words (and the validation messages) are a file
 * of their own: the staff lists load them without the form's.
 */
const MESSAGE_BUNDLES: Record<string, string> = {
  common: 'shell',
  layout: 'shell',
  consent: 'shell',
  charter: 'shell',
  form: 'form',
  components: 'components',
  italy: 'form',
  staff: 'staff',
  reference: 'staff',
};
const messageBundle = (id: string) => {
  const match = /i18n[\\/]messages[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(id);
  const bundle = match && MESSAGE_BUNDLES[match[2]!];
  return bundle ? `messages-${match[1]}-${bundle}` : null;
};

/**
 * React Router publishes its development build under every export condition a bundler picks; the
 * production build lacks its dev-only warnings and checks (0.5 KB gzip off every page).
 */
const REACT_ROUTER_PRODUCTION = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  root: 'src/web',
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  publicDir: 'public',
  plugins: [react(), moduleChunks(), compressedCopies(), serviceWorker()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // No polyfill for <link rel="modulepreload"> (0.3 KB off every page): a browser without it
    // (Safari before 17) fetches each chunk when it is imported, later but never broken.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', tags: ['$initial'], priority: 30 },
            { name: 'framework', test: /rolldown[\\/]runtime/, priority: 30 },
            // The shared components' stylesheet: imported by the charter's and the forms' components alike, it would otherwise tie every chunk that uses one to the charter's chunk.
            { name: 'components', test: /components[\\/]components\.css/, priority: 30 },
            // The charter list and the sentences with links, shared by the landing page and the forms: kept out of the form group.
            { name: 'charter', test: /reference[\\/]options|components[\\/](charter-|rich-text|support-sentence)/, priority: 25 },
            { name: messageBundle, debugName: 'messages', priority: 20 },
            { name: 'base', test: BASE_CODE, priority: 11 },
            { name: 'form', test: FORM_CODE, priority: 10 },
            // After the form group, so the form code the staff pages use stays in the form chunk.
            { name: 'staff', test: STAFF_CODE, priority: 5 },
            { name: 'staff-lists', test: STAFF_LIST_CODE, priority: 5 },
            { name: 'rep-form', test: REP_FORM_CODE, priority: 5 },
          ],
        },
      },
    },
  },
  // `npm run dev`: the API server listens on PORT (scripts/dev.mjs).
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}`, '/files': `http://localhost:${process.env.PORT ?? 3000}` },
  },
}));

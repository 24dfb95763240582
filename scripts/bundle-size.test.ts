import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageModule } from '../src/shared/i18n/messages.ts';
import { HEADROOM, readManifest, ROUTE_BUDGETS, routeJavaScriptBytes, routeJavaScriptFiles, staticClosure, WEB_DIST } from './bundle-size.ts';

// Reads the production build: `npm test` builds before it runs the unit tests.
describe('bundle budget', () => {
  it.each(ROUTE_BUDGETS)('$route loads at most $budgetKb KB of gzip JavaScript before lazy chunks', ({ modules, budgetKb }) => {
    const bytes = routeJavaScriptBytes(modules);
    expect(bytes / 1024).toBeLessThanOrEqual(budgetKb);
  });

  it.each(ROUTE_BUDGETS.filter((route) => route.headroom))('$route leaves 10 % of its $budgetKb KB budget to spare', ({ modules, budgetKb }) => {
    expect((routeJavaScriptBytes(modules) / 1024) * (1 + HEADROOM)).toBeLessThanOrEqual(budgetKb);
  });

  // The form a page opens is a lazy chunk of its own (decision 0086), fetched with the page: the
  // route with it is held to a ceiling too, and it holds the one entry the page shows.
  it.each(ROUTE_BUDGETS.filter((route) => route.form))('$route with its form entry loads at most $withFormKb KB', ({ modules, form, withFormKb }) => {
    expect(routeJavaScriptBytes([...modules, form!]) / 1024).toBeLessThanOrEqual(withFormKb!);
  });

  it('loads no form runner on a form page before its entry, and no other entry with it', () => {
    const manifest = readManifest();
    const entries = ROUTE_BUDGETS.flatMap(({ form }) => (form ? [form] : []));
    for (const { route, modules, form } of ROUTE_BUDGETS.filter((r) => r.form)) {
      const before = routeJavaScriptFiles(modules);
      expect(before, route).not.toContain(manifest['forms/form-page.tsx']!.file);
      const withForm = routeJavaScriptFiles([...modules, form!]);
      for (const other of entries.filter((e) => e !== form)) expect(withForm, `${route}: ${other}`).not.toContain(manifest[other]!.file);
    }
  });

  // Each file is a round trip on a slow phone connection: the build merges the framework, the
  // shared form code and each language's messages (vite.config.ts), where it used to fetch 17-20.
  it.each(ROUTE_BUDGETS)('$route fetches at most $maxFiles script files before lazy chunks', ({ modules, maxFiles }) => {
    expect(routeJavaScriptFiles(modules).length).toBeLessThanOrEqual(maxFiles);
  });

  // The staff lists (the rep's today list, the area manager's pharmacies) never download the
  // form runner: only the forms do (decision 0017).
  it.each(ROUTE_BUDGETS.filter(({ route }) => route === '/rep/home' || route === '/areamanager'))('$route does not load the form runner', ({ modules }) => {
    const formRunner = readManifest()['forms/form-page.tsx'];
    expect(formRunner).toBeDefined();
    expect(routeJavaScriptFiles(modules)).not.toContain(formRunner!.file);
  });

  // Their validation words are the components' (components.json): the lists fetch neither the
  // form's words nor the Italian form's. Nor the charter's code, which the shared components'
  // stylesheet once tied to every chunk that uses a component (vite.config.ts, decision 0086).
  it.each(ROUTE_BUDGETS.filter(({ route }) => route === '/rep/home' || route === '/areamanager'))(
    '$route loads no form words and no charter',
    ({ modules }) => {
      const manifest = readManifest();
      const files = routeJavaScriptFiles(modules);
      for (const name of ['form', 'italy']) expect(files, name).not.toContain(manifest[messageModule('it', name)]!.file);
      expect(files).not.toContain(manifest['components/charter-list.tsx']!.file);
    },
  );

  it('keeps the map and the bot check out of what the landing page and the form load first', () => {
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    for (const { modules } of ROUTE_BUDGETS) {
      for (const file of staticClosure(manifest, [entry, ...modules])) {
        const code = readFileSync(join(WEB_DIST, file), 'utf8');
        expect(code, file).not.toContain('leaflet-container');
        expect(code, file).not.toMatch(/customElements\.define\(\s*["'`]altcha-widget/);
      }
    }
  });
});

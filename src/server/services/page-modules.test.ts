// #shared/page-modules.ts: the table the server preloads from must be what the router loads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveVariant } from '#shared/markets.ts';
import { ROUTES, STAFF_ROUTES, routerPath, type RouteName } from '#shared/routes.ts';
import { FORM_ENTRY_MODULES, formEntryModuleOf, PAGE_MESSAGES, PAGE_MODULES, pageForPath, SHELL_MESSAGES } from '#shared/page-modules.ts';

const WEB = path.join(import.meta.dirname, '..', '..', 'web');

describe('the route → page module table', () => {
  it('names page modules and message files that exist', () => {
    for (const [page, module] of Object.entries(PAGE_MODULES)) {
      const messages = PAGE_MESSAGES[page as keyof typeof PAGE_MESSAGES];
      expect(existsSync(path.join(WEB, module)), module).toBe(true);
      for (const name of [...SHELL_MESSAGES, ...messages])
        for (const lang of ['en', 'it', 'de'])
          expect(existsSync(path.join(WEB, '..', 'shared', 'i18n', 'messages', lang, `${name}.json`)), `${lang}/${name}`).toBe(true);
    }
  });

  it('is what the web router serves: every route is declared in the router through routerPath, or in its list of staff pages', () => {
    const router = ['routes.tsx', 'staff-routes.tsx'].map((f) => readFileSync(path.join(WEB, 'app', f), 'utf8')).join('\n');
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      if (name === 'landing') continue; // the index route
      // Staff pages are one list mapped into routes (staff-routes.test.tsx checks that it has every staff route).
      expect(router, name).toContain((STAFF_ROUTES as readonly string[]).includes(name) ? `route: '${name}'` : `routerPath('${name}')`);
    }
    expect(routerPath('form')).toBe('form');
  });

  it('is what the router loads: each page module is imported in routes.tsx with its table entry', () => {
    const routes = readFileSync(path.join(WEB, 'app', 'routes.tsx'), 'utf8');
    // Each top-level statement of the module, however the formatter wraps it.
    const statements = routes.split(/\n(?=\S)/);
    for (const [key, module] of Object.entries(PAGE_MODULES)) {
      const statement = statements.find((s) => s.includes(`import('../${module}')`));
      expect(statement, module).toBeDefined();
      expect(statement).toContain(`PAGE_MESSAGES.${key}`);
    }
    // No public page is loaded with a message list of its own outside the table.
    expect(statements.filter((s) => /^const \w+Page = page\(/.test(s) && /\),\s*\[/.test(s))).toEqual([]);
  });

  it('names the form entry modules the web loads lazily (decision 0086), and the one each form page opens', () => {
    const loaders = readFileSync(path.join(WEB, 'forms', 'form-entry.tsx'), 'utf8');
    for (const [id, module] of Object.entries(FORM_ENTRY_MODULES)) {
      expect(existsSync(path.join(WEB, module)), module).toBe(true);
      expect(loaders, id).toContain(`'${id}': () => import('./${module.slice('forms/'.length)}')`);
    }
    expect(formEntryModuleOf('application', resolveVariant('uk', 'en'))).toBe('forms/entries/apply-uk.tsx');
    expect(formEntryModuleOf('application', resolveVariant('it', 'it'))).toBe('forms/entries/apply-it.tsx');
    expect(formEntryModuleOf('steps', resolveVariant('de', 'de'))).toBe('forms/entries/apply-steps.tsx');
    expect(formEntryModuleOf('steps', resolveVariant('uk', 'de'))).toBe('forms/entries/apply-steps.tsx');
    expect(formEntryModuleOf('landing', resolveVariant('uk', 'en'))).toBeNull();
    // The rep's form page is a staff page: no public page, but its form is preloaded too.
    expect(formEntryModuleOf(null, resolveVariant('it', 'it'), '/rep/form')).toBe('forms/entries/rep-visit.tsx');
    expect(formEntryModuleOf(null, resolveVariant('it', 'it'), '/rep/home')).toBeNull();
  });

  it('resolves the page of each market path as the router does', () => {
    const uk = resolveVariant('uk', 'en');
    const it_ = resolveVariant('it', 'it');
    const de = resolveVariant('de', 'de');
    const ukInGerman = resolveVariant('uk', 'de');
    expect(pageForPath('/', uk)).toBe('landing');
    expect(pageForPath('', de)).toBe('landing');
    expect(pageForPath('/form', uk)).toBe('application');
    expect(pageForPath('/form/', uk)).toBe('application');
    expect(pageForPath('/form', it_)).toBe('application');
    expect(pageForPath('/form', de)).toBe('steps');
    expect(pageForPath('/form/1', de)).toBe('steps');
    expect(pageForPath('/form/3', ukInGerman)).toBe('steps');
    expect(pageForPath('/form/4', de)).toBeNull();
    // A single-page pair's /form/N redirects to /form (a language switch from the steps lands there).
    expect(pageForPath('/form/1', uk)).toBe('application');
    expect(pageForPath('/thank-you', uk)).toBe('thankYou');
    for (const market of [uk, it_, de]) expect(pageForPath('/finder', market)).toBe('finder');
    for (const market of [uk, it_, de]) expect(pageForPath('/finder/0b7c4a52-8a3e-4d55-9d0f-6f0e3c1f2a11', market)).toBe('finderListing');
    expect(pageForPath('/finder/a/b', uk)).toBeNull();
    for (const market of [uk, it_, de]) expect(pageForPath('/my-application/AbCdEfGhIjKlMnOpQrStUvWxYz012345', market)).toBe('myApplication');
    expect(pageForPath('/impressum', de)).toBe('impressum');
    expect(pageForPath('/pharmacist/edit/abc', uk)).toBe('editRedirect');
    expect(pageForPath('/areamanager/mainadmin', it_)).toBeNull();
    expect(pageForPath('/nothing-here', uk)).toBeNull();
    // Legal pages only in the shell the specification gives them.
    expect(pageForPath('/datenschutz', uk)).toBeNull();
    expect(pageForPath('/impressum', ukInGerman)).toBeNull();
    expect(pageForPath('/privacy-policy', de)).toBeNull();
    expect(pageForPath('/privacy-policy', it_)).toBe('privacyPolicy');
    // The data-rights and update-link pages, on every market.
    for (const variant of [uk, it_, de]) {
      expect(pageForPath('/my-data', variant)).toBe('linkRequest');
      expect(pageForPath('/update-link', variant)).toBe('linkRequest');
      expect(pageForPath('/link-sent', variant)).toBe('linkSent');
      expect(pageForPath('/my-data/AbCdEfGhIjKlMnOpQrStUvWxYz012345', variant)).toBe('myData');
    }
  });
});

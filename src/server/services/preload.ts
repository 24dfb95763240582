// <link rel="modulepreload"> and <link rel="preload" as="style"> tags for the chunks a page needs, read from the Vite
// manifest of the production build (dist/web/.vite/manifest.json), so that the browser fetches the
// shell's messages, the page module and the page's messages in parallel with the entry instead of
// one round trip after another. The route → page table is #shared/page-modules.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { messageModule } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/markets.ts';
import { PAGE_MESSAGES, PAGE_MODULES, SHELL_MESSAGES, type PageName } from '#shared/page-modules.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The build's manifest, with every source module as a key: modules the build merged into a shared
 * chunk (vite.config.ts, codeSplitting groups) are listed in .vite/module-chunks.json and point to
 * that chunk's entry here.
 */
export function readManifest(webDist: string): Manifest | null {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const chunksFile = path.join(webDist, '.vite', 'module-chunks.json');
  const chunkOf = existsSync(chunksFile) ? (JSON.parse(readFileSync(chunksFile, 'utf8')) as Record<string, string>) : {};
  for (const [module, key] of Object.entries(chunkOf)) {
    if (!manifest[module] && manifest[key]) manifest[module] = manifest[key];
  }
  return manifest;
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The files (JS and CSS) of manifest entries and of everything they import statically. */
function closure(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    js.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
  };
  keys.forEach(visit);
  return { js, css };
}

export interface PreloadPlan {
  /** Script files (/assets/...) to preload as modules, in order. */
  modules: string[];
  /** Stylesheets of the page that index.html does not link yet (preloaded, not render-blocking: the shell paints first). */
  styles: string[];
}

/**
 * What to preload for a page in a language: the shell's message files, and the page module with
 * its static imports, its stylesheets and its message files, and the modules it loads lazily at
 * once (the form entry it opens), minus what index.html already loads (the entry and its imports).
 */
function preloadPlan(manifest: Manifest, page: PageName | null, language: Language, text: string[], modules: string[]): PreloadPlan {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const already = entryKey ? closure(manifest, [entryKey]) : { js: [], css: [] };
  const messages = [...SHELL_MESSAGES, ...(page ? PAGE_MESSAGES[page] : [])].map((name) => messageModule(language, name));
  // A legal page's text (its own chunk): the first of the candidates the build has.
  const own = text.find((key) => manifest[key]);
  const wanted = closure(manifest, [...messages, ...(page ? [PAGE_MODULES[page]] : []), ...(own ? [own] : []), ...modules]);
  const base = (file: string) => `/${file}`;
  return {
    modules: wanted.js.filter((file) => !already.js.includes(file)).map(base),
    styles: wanted.css.filter((file) => !already.css.includes(file)).map(base),
  };
}

/** `linked`: the page's HTML is already there (server-rendered), so its stylesheets apply before it paints. */
function preloadTags(plan: PreloadPlan, linked: boolean): string {
  return [
    ...plan.styles.map((href) =>
      linked
        ? `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`
        : `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...plan.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ].join('');
}

/**
 * Tags per (page, language, rendered on the server or not, text), computed once each. `text`: the
 * manifest keys of the text a legal page shows, in the order it looks for them (its language's
 * version, then its market's own): the browser fetches it with the page, so hydration does not wait
 * for another round trip. `modules`: what the page loads lazily as soon as it renders (the form
 * entry it opens, decision 0086), fetched with it too.
 */
export function createPreloader(manifest: Manifest | null) {
  const cache = new Map<string, string>();
  return (page: PageName | null, language: Language, rendered = false, text: string[] = [], modules: string[] = []): string => {
    if (!manifest) return '';
    const key = `${page ?? ''}/${language}/${rendered}/${text.join()}/${modules.join()}`;
    let tags = cache.get(key);
    if (tags === undefined) {
      tags = preloadTags(preloadPlan(manifest, page, language, text, modules), rendered);
      cache.set(key, tags);
    }
    return tags;
  };
}

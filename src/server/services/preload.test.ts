// The production build as served: compressed copies of the assets, and index.html with the
// current route's chunks preloaded. Builds the web app once into a temp folder (about 20 s).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageModule } from '#shared/i18n/messages.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { readManifest } from './preload.ts';

const REPO = path.join(import.meta.dirname, '..', '..', '..');
let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'champions-preload-'));
  await build({
    configFile: path.join(REPO, 'vite.config.ts'),
    root: path.join(REPO, 'src', 'web'),
    logLevel: 'silent',
    build: { outDir: dist, emptyOutDir: true },
  });
  ctx = await createTestContext({ webDist: dist });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
const stylesheets = (html: string) => [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);

describe('preloading the route chunks', () => {
  it('/uk/form preloads the shell messages, the UK form page, its imports and messages, all existing files', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uk/form', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    const manifest = readManifest(dist)!;
    const links = preloads(response.body);
    for (const key of [
      'forms/application-page.tsx',
      messageModule('en', 'common'),
      messageModule('en', 'layout'),
      messageModule('en', 'consent'),
      messageModule('en', 'form'),
      messageModule('en', 'components'),
    ]) {
      expect(links, key).toContain(`/${manifest[key]!.file}`);
    }
    for (const key of manifest['forms/application-page.tsx']!.imports ?? []) {
      if (key !== 'index.html') expect(links.concat(preloads(readFileSync(path.join(dist, 'index.html'), 'utf8')))).toContain(`/${manifest[key]!.file}`);
    }
    expect(links).not.toContain(`/${manifest[messageModule('de', 'form')]!.file}`);
    expect(links).not.toContain(`/${manifest['features/landing/landing-page.tsx']!.file}`);
    // The form the page opens, a module of its own (decision 0086): the UK's, not Italy's or the steps'.
    expect(links).toContain(`/${manifest['forms/entries/apply-uk.tsx']!.file}`);
    expect(links).toContain(`/${manifest['forms/form-page.tsx']!.file}`);
    expect(links).not.toContain(`/${manifest['forms/entries/apply-it.tsx']!.file}`);
    expect(links).not.toContain(`/${manifest['forms/entries/apply-steps.tsx']!.file}`);
    const styles = stylesheets(response.body);
    expect(styles.length).toBeGreaterThan(0);
    for (const href of [...links, ...styles]) expect(existsSync(path.join(dist, href)), href).toBe(true);
    // No file twice, and nothing index.html already loads.
    expect(new Set(links).size).toBe(links.length);
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    expect(links).not.toContain(`/${entry.file}`);
  });

  it('preloads the language of the visit and the page of the market', async () => {
    const manifest = readManifest(dist)!;
    const de = preloads((await ctx.app.inject({ method: 'GET', url: '/de/form/1' })).body);
    expect(de).toContain(`/${manifest['forms/steps-application-page.tsx']!.file}`);
    expect(de).toContain(`/${manifest[messageModule('de', 'steps')]!.file}`);
    expect(de).toContain(`/${manifest['forms/entries/apply-steps.tsx']!.file}`);
    expect(de).not.toContain(`/${manifest['forms/entries/apply-uk.tsx']!.file}`);
    const italianForm = preloads((await ctx.app.inject({ method: 'GET', url: '/it/form' })).body);
    expect(italianForm).toContain(`/${manifest['forms/entries/apply-it.tsx']!.file}`);
    expect(italianForm).not.toContain(`/${manifest['forms/entries/apply-uk.tsx']!.file}`);
    // The rep's form page, a staff page the server does not otherwise preload, gets its visit form.
    const repForm = preloads((await ctx.app.inject({ method: 'GET', url: '/it/rep/form?pharmacyId=x' })).body);
    expect(repForm).toContain(`/${manifest['forms/entries/rep-visit.tsx']!.file}`);
    expect(repForm).not.toContain(`/${manifest['forms/entries/apply-it.tsx']!.file}`);
    const it_ = preloads((await ctx.app.inject({ method: 'GET', url: '/it/' })).body);
    expect(it_).toContain(`/${manifest['features/landing/landing-page.tsx']!.file}`);
    expect(it_).toContain(`/${manifest[messageModule('it', 'landing')]!.file}`);
    expect(it_).not.toContain(`/${manifest[messageModule('en', 'landing')]!.file}`);
    const english = preloads((await ctx.app.inject({ method: 'GET', url: '/it/?lang=en' })).body);
    expect(english).toContain(`/${manifest[messageModule('en', 'landing')]!.file}`);
    // A path that is no page gets the shell's messages and the not-found page (answered 404).
    const fromTemplate = preloads(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    const unknown = preloads((await ctx.app.inject({ method: 'GET', url: '/uk/no-such-page' })).body).filter((href) => !fromTemplate.includes(href));
    expect(unknown.sort()).toEqual(
      [
        ...new Set([
          ...['common', 'layout', 'consent'].map((n) => `/${manifest[messageModule('en', n)]!.file}`),
          `/${manifest['features/not-found/not-found-page.tsx']!.file}`,
        ]),
      ].sort(),
    );
  });
});

describe('compressed assets', () => {
  it('sends the brotli copy when accepted, gzip otherwise, and the plain file to clients that accept neither', async () => {
    const manifest = readManifest(dist)!;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    const url = `/${entry.file}`;
    const original = readFileSync(path.join(dist, entry.file));

    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('compresses every sizeable text asset of the build', () => {
    const manifest = readManifest(dist)!;
    for (const chunk of Object.values(manifest)) {
      for (const file of [chunk.file, ...(chunk.css ?? [])]) {
        if (!/\.(js|css)$/.test(file) || readFileSync(path.join(dist, file)).length < 1024) continue;
        expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(true);
        expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(true);
      }
    }
  });
});

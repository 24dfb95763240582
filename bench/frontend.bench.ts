// Front end: gzip JavaScript per route before lazy chunks (scripts/bundle-size.ts, against the
// budgets), and Lighthouse (mobile profile, simulated throttling, system Chromium, no network
// beyond 127.0.0.1) on the production build served by the real server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ROUTE_BUDGETS, routeJavaScriptBytes } from '../scripts/bundle-size.ts';
import { REPO_ROOT, startServerProcess } from '../src/server/test/server-process.ts';
import type { BenchContext, Benchmark, Row } from './lib/report.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];

/**
 * Pages Lighthouse measures: each market's landing page, form and privacy page, with issue 26's
 * targets: LCP at most 1.2 s on landing and legal pages and 1.5 s on the forms, a performance score
 * of 100 on the landing pages (95 elsewhere), and TBT at most 50 ms on the forms.
 */
type PageKind = 'landing' | 'legal' | 'form';
const PAGES: { path: string; kind: PageKind }[] = [
  { path: '/uk/', kind: 'landing' },
  { path: '/uk/form', kind: 'form' },
  { path: '/uk/privacy-policy', kind: 'legal' },
  { path: '/it/', kind: 'landing' },
  { path: '/it/form', kind: 'form' },
  { path: '/it/privacy-policy', kind: 'legal' },
  { path: '/de/', kind: 'landing' },
  { path: '/de/form/1', kind: 'form' },
  { path: '/de/datenschutz', kind: 'legal' },
];
const LCP_TARGET_MS: Record<PageKind, number> = { landing: 1200, legal: 1200, form: 1500 };
const PERFORMANCE_TARGET: Record<PageKind, number> = { landing: 100, legal: 95, form: 95 };
const FORM_TBT_TARGET_MS = 50;

const notFoundTitles = ['en', 'it', 'de'].map((lang) => {
  const file = path.join(REPO_ROOT, 'src', 'shared', 'i18n', 'messages', lang, 'layout.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { notFound: { title: string } }).notFound.title;
});

function build(outDir: string) {
  const run = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`vite build failed: ${run.stderr || run.stdout}`);
  // The server's renderer of the public pages (decision 0037), into the build's .ssr folder as `npm run build` does.
  const ssr = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'vite.ssr.config.ts',
      '--logLevel',
      'warn',
      '--outDir',
      path.join(outDir, '.ssr'),
      '--emptyOutDir',
    ],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (ssr.status !== 0) throw new Error(`vite build (server renderer) failed: ${ssr.stderr || ssr.stdout}`);
}

async function lighthouseRows(ctx: BenchContext, webDist: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-lh-'));
  const server = await startServerProcess({ dataDir, env: { WEB_DIST: webDist } });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows: Row[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const probe = await browser.newPage();
    for (const { path: page, kind } of PAGES) {
      const url = `${server.url}${page}`;
      const group = `Lighthouse mobile ${page}`;
      await probe.goto(url, { waitUntil: 'networkidle0' });
      const heading = await probe.$eval('main h1', (h) => h.textContent ?? '').catch(() => '');
      if (!heading || notFoundTitles.includes(heading.trim())) {
        rows.push({
          group,
          figure: 'performance / accessibility',
          value: null,
          unit: '',
          target: '≥ 95 / 100',
          pass: null,
          note: 'not built yet (the page renders "not found")',
        });
        continue;
      }
      ctx.log(`Lighthouse ${page}`);
      const audit = async () => {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        return result.lhr;
      };
      // A run that could not score the page (a trace Lighthouse could not read) is tried once more.
      let lhr = await audit();
      if (lhr.categories.performance?.score == null) lhr = await audit();
      const perfScore = lhr.categories.performance?.score;
      if (perfScore === null || perfScore === undefined) {
        const why =
          lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? lhr.audits['first-contentful-paint']?.errorMessage ?? 'no score';
        rows.push({
          group,
          figure: 'performance score',
          value: null,
          unit: '',
          target: '≥ 95',
          pass: false,
          note: `Lighthouse could not score the page: ${why.slice(0, 120)}`,
        });
      }
      const perf = Math.round((perfScore ?? 0) * 100);
      const a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
      const failedA11y = Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0))
        .map((a) => a.id);
      const opportunities = Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 0 && (a.score ?? 1) < 0.9)
        .map((a) => a.id);
      const perfTarget = PERFORMANCE_TARGET[kind];
      const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue;
      const tbtMs = lhr.audits['total-blocking-time']?.numericValue;
      rows.push(
        ...(perfScore === null || perfScore === undefined
          ? []
          : [
              {
                group,
                figure: 'performance score',
                value: perf,
                unit: '',
                target: perfTarget === 100 ? '100' : `≥ ${perfTarget}`,
                ratio: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}${opportunities.length ? `; open: ${opportunities.join(', ')}` : ''}`,
                pass: perf >= perfTarget,
              },
            ]),
        ...(lcpMs === undefined
          ? []
          : [
              {
                group,
                figure: 'largest contentful paint',
                value: lcpMs / 1000,
                unit: 's',
                target: `≤ ${LCP_TARGET_MS[kind] / 1000} s`,
                pass: lcpMs <= LCP_TARGET_MS[kind],
              },
            ]),
        ...(kind !== 'form' || tbtMs === undefined
          ? []
          : [{ group, figure: 'total blocking time', value: tbtMs, unit: 'ms', target: `≤ ${FORM_TBT_TARGET_MS} ms`, pass: tbtMs <= FORM_TBT_TARGET_MS }]),
        {
          group,
          figure: 'accessibility score',
          value: a11y,
          unit: '',
          target: '100',
          ratio: failedA11y.length ? `failing: ${failedA11y.join(', ')}` : '',
          pass: a11y === 100,
        },
      );
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export const frontendBenchmark: Benchmark = {
  name: 'front end',
  async run(ctx) {
    const webDist = mkdtempSync(path.join(tmpdir(), 'champions-bench-web-'));
    try {
      ctx.log('front end: production build (vite build into a temp folder)');
      build(webDist);
      /** A route's gzip JavaScript from these modules, against its limit. */
      const sizeRow = (group: string, route: string, modules: string[], limitKb: number, limitName: string): Row => {
        const kb = routeJavaScriptBytes(modules, webDist) / 1024;
        return {
          group,
          figure: `route ${route}`,
          value: kb,
          unit: 'KB',
          target: `≤ ${limitKb} KB`,
          ratio: `${((kb / limitKb) * 100).toFixed(0)} % of ${limitName}`,
          pass: kb <= limitKb,
        };
      };
      const rows: Row[] = ROUTE_BUDGETS.map(({ route, modules, budgetKb }) =>
        sizeRow('gzip JavaScript before lazy chunks', route, modules, budgetKb, 'budget'),
      );
      // A form page with the entry it opens at once (decision 0086): what the browser fetches before the form shows.
      for (const { route, modules, form, withFormKb } of ROUTE_BUDGETS) {
        if (form && withFormKb) rows.push(sizeRow('gzip JavaScript with the form entry', route, [...modules, form], withFormKb, 'ceiling'));
      }
      rows.push(...(await lighthouseRows(ctx, webDist)));
      return rows;
    } finally {
      rmSync(webDist, { recursive: true, force: true });
    }
  },
};

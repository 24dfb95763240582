// Issue 26 item 1 (decision 0037): the public pages arrive as HTML with their content, and each
// has its canonical URL and hreflang alternates in every market × language pair; each host serves
// sitemap.xml and robots.txt. Reads the production build (dist/web, with its .ssr renderer):
// `npm test` builds before it runs the unit tests.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, LANGUAGES, MARKET_LANGUAGE, parseMarketHosts, type Country, type Language } from '#shared/markets.ts';
import { CONSENT_COOKIES, CONSENT_FORM_PATH } from '#shared/limits.ts';
import { applications } from '../db/schema.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { listingIdsOf, listingsVersionSettled, setStatus, submitApplication } from '../test/listings.ts';

const REPO = path.join(import.meta.dirname, '..', '..', '..');
const WEB_DIST = path.join(REPO, 'dist', 'web');
const WEB = path.join(REPO, 'src', 'web');

let ctx: TestContext;
let hosted: TestContext;
beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, '.ssr', 'entry-server.js'))) throw new Error('No build in dist/web: run npm run build');
  ctx = await createTestContext({ webDist: WEB_DIST });
  hosted = await createTestContext({ webDist: WEB_DIST, marketHosts: parseMarketHosts('de=champions.example.de'), publicUrl: 'https://champions.example.com' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await hosted?.close();
});

const get = (url: string, headers: Record<string, string> = {}, app = ctx) =>
  app.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'localhost', ...headers } });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
/** The text a reader sees in some HTML: tags dropped, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? all)
    .replace(/\s+/g, ' ');
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));

function messages(language: Language, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(REPO, 'src', 'shared', 'i18n', 'messages', language, `${file}.json`), 'utf8')) as Record<string, unknown>;
}
const landing = (language: Language) => messages(language, 'landing').landing as Record<string, string & Record<string, string>>;

const LEGAL: Record<Country, Array<{ route: string; kind: string }>> = {
  uk: [
    { route: '/privacy-policy', kind: 'privacy-policy' },
    { route: '/terms-and-conditions', kind: 'terms-and-conditions' },
    { route: '/accessibility', kind: 'accessibility' },
  ],
  it: [
    { route: '/privacy-policy', kind: 'privacy-policy' },
    { route: '/terms-and-conditions', kind: 'terms-and-conditions' },
    { route: '/accessibility', kind: 'accessibility' },
  ],
  de: [
    { route: '/datenschutz', kind: 'datenschutz' },
    { route: '/nutzungsbedingungen', kind: 'nutzungsbedingungen' },
    { route: '/impressum', kind: 'impressum' },
    { route: '/barrierefreiheit', kind: 'barrierefreiheit' },
  ],
};

/** The lines of a legal text a reader must find word for word: headings and plain sentences (no placeholders, links or tables). */
function plainLines(markdown: string): string[] {
  return (
    markdown
      .split('\n')
      .map((line) => line.trim().replace(/^#{1,6}\s+/, ''))
      .filter((line) => line.length > 20 && !/[{}[\]*_`<>|&\\]|https?:/.test(line) && !/^([-+>]|\d+\.\s)/.test(line))
      // A table's caption (": caption") is shown without its marker.
      .map((line) => squash(line.replace(/^:\s+/, '')))
  );
}

/** The scripts a rendered page starts once it has painted (services/after-paint.ts). */
function afterPaint(html: string): { entry: string; modules: string[] } {
  const block = /<script type="application\/json" id="after-paint">([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error('no after-paint block in the page');
  return JSON.parse(block[1]!) as { entry: string; modules: string[] };
}

describe('the public pages, rendered on the server', () => {
  it.each(COUNTRIES)('/%s/ carries its heading, its Continue link and (UK, Germany) the charter', async (country) => {
    const response = await get(`/${country}/`);
    expect(response.statusCode).toBe(200);
    const language = MARKET_LANGUAGE[country];
    const html = root(response.body);
    const text = textOf(html);
    const words = landing(language);
    expect(html).toMatch(new RegExp(`<h1>${words[country]!.heading!.replace('{{product}}', 'Pharmacy Champions')}</h1>`));
    expect(html).toMatch(new RegExp(`<a class="button" href="/${country}/form(/1)?"[^>]*>${words.continue}</a>`));
    if (country !== 'it') {
      const commitments = Object.values(messages(language, 'charter').charter as Record<string, string>);
      expect(commitments.length).toBeGreaterThanOrEqual(8);
      for (const commitment of commitments) expect(text).toContain(squash(commitment));
    }
    expect(response.body).toContain(`<html lang="${{ en: 'en-GB', it: 'it-IT', de: 'de-DE' }[language]}"`);
  });

  it.each(COUNTRIES.flatMap((country) => LEGAL[country].flatMap(({ route, kind }) => LANGUAGES.map((language) => ({ country, route, kind, language })))))(
    '$country $route in $language carries the full text of its document',
    async ({ country, route, kind, language }) => {
      const response = await get(`/${country}${route}?lang=${language}`);
      expect(response.statusCode).toBe(200);
      const shown = existsSync(path.join(WEB, 'content', country, language, `${kind}.md`)) ? language : MARKET_LANGUAGE[country];
      const lines = plainLines(readFileSync(path.join(WEB, 'content', country, shown, `${kind}.md`), 'utf8'));
      expect(lines.length).toBeGreaterThan(3);
      const text = textOf(root(response.body));
      for (const line of lines) expect(text).toContain(line);
      expect(textOf(response.body)).not.toMatch(/\{\{\s*\w+\s*\}\}/);
    },
  );

  it("loads a legal page's text with it, in the page's language or else the market's", async () => {
    const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const preloads = (html: string) => afterPaint(html).modules.map((href) => href.slice(1));
    expect(preloads((await get('/de/datenschutz?lang=en')).body)).toContain(manifest['content/de/en/datenschutz.md?raw']!.file);
    expect(preloads((await get('/uk/terms-and-conditions')).body)).toContain(manifest['content/uk/en/terms-and-conditions.md?raw']!.file);
  });

  it('/de/datenschutz carries its 11 numbered section headings', async () => {
    const html = root((await get('/de/datenschutz')).body);
    const text = html.slice(html.indexOf('class="legal__text"'));
    const headings = [...text.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((match) => squash(textOf(match[1]!)));
    expect(headings.filter((heading) => /^\d+\.\s/.test(heading))).toHaveLength(11);
  });

  it('renders the thank-you, not-found, finder, data-rights and status pages with their headings', async () => {
    const form = messages('en', 'form');
    const layout = messages('en', 'layout') as { notFound: { title: string } };
    const finder = messages('en', 'finder') as { finder: { title: string } };
    const thanks = await get('/uk/thank-you');
    expect(thanks.statusCode).toBe(200);
    expect(root(thanks.body)).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(JSON.stringify(form)).toContain(squash(textOf(/<h1[^>]*>([^<]+)<\/h1>/.exec(root(thanks.body))![1]!)));
    const missing = await get('/uk/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(textOf(root(missing.body))).toContain(layout.notFound.title);
    // The German legal pages are no pages of the UK market.
    expect(textOf(root((await get('/uk/datenschutz')).body))).toContain(layout.notFound.title);
    // Each market's accessibility statement under its own name only.
    for (const url of ['/uk/barrierefreiheit', '/de/accessibility']) expect((await get(url)).statusCode, url).toBe(404);
    expect(textOf(root((await get('/uk/finder')).body))).toContain(finder.finder.title);
    for (const url of ['/uk/link-sent', '/uk/my-data/not-a-token', '/uk/my-application/not-a-token']) {
      expect(root((await get(url)).body), url).toMatch(/<main\b[\s\S]*<(h1|p)\b/);
    }
  });

  it('renders the cookie notice as the browser first renders it: shown until the visitor closed it', async () => {
    const fresh = root((await get('/uk/')).body);
    expect(fresh).toContain('class="cookie-notice"');
    // A form that works without scripts, and no heading before the page's h1.
    const form = /<form class="cookie-notice__inner"[^>]*>/.exec(fresh)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${CONSENT_FORM_PATH}"`);
    expect(fresh.slice(0, fresh.indexOf('<h1'))).not.toMatch(/<h[2-6]\b/);
    const closed = root((await get('/uk/', { cookie: `${CONSENT_COOKIES.noticeClosed}=1; ${CONSENT_COOKIES.categories}=essential` })).body);
    expect(closed).not.toContain('class="cookie-notice"');
    expect(closed).toContain('<h1>');
  });

  it('leaves the staff pages to the browser', async () => {
    for (const url of ['/uk/signin', '/uk/admin/review']) {
      const body = (await get(url)).body;
      expect(body, url).toContain('<div id="root"></div>');
      expect(body, url).toContain('<noscript>');
    }
    // A rendered page reads without scripting: no "needs JavaScript" notice.
    expect((await get('/uk/privacy-policy')).body).not.toContain('<noscript>');
  });
});

/** The <link rel="alternate" hreflang> of a page: hreflang → href. */
function alternates(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return new Map([...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, '&')]));
}
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');

const REGION: Record<Country, string> = { uk: 'GB', it: 'IT', de: 'DE' };
const url = (country: Country, language: Language, pathname: string, origin = 'http://localhost') =>
  `${origin}/${country}${pathname}${language === MARKET_LANGUAGE[country] ? '' : `?lang=${language}`}`;
/** Each public page, by market: its path there (the legal texts have the German market's own names; the Impressum is German only). */
const PAGES: Record<string, Partial<Record<Country, (language: Language) => string>>> = {
  landing: { uk: () => '/', it: () => '/', de: () => '/' },
  form: { uk: (l) => (l === 'en' ? '/form' : '/form/1'), it: (l) => (l === 'it' ? '/form' : '/form/1'), de: () => '/form/1' },
  privacy: { uk: () => '/privacy-policy', it: () => '/privacy-policy', de: () => '/datenschutz' },
  terms: { uk: () => '/terms-and-conditions', it: () => '/terms-and-conditions', de: () => '/nutzungsbedingungen' },
  impressum: { de: () => '/impressum' },
  accessibility: { uk: () => '/accessibility', it: () => '/accessibility', de: () => '/barrierefreiheit' },
  finder: { uk: () => '/finder', it: () => '/finder', de: () => '/finder' },
};
const pairsOf = (page: string) =>
  COUNTRIES.flatMap((country) => (PAGES[page]![country] ? LANGUAGES.map((language) => ({ country, language, path: PAGES[page]![country]!(language) })) : []));

describe('canonical URLs, hreflang alternates and the sitemap', () => {
  it.each(Object.keys(PAGES).flatMap((page) => pairsOf(page).map((pair) => ({ page, ...pair }))))(
    '$page in $country/$language names its canonical URL and every market × language pair',
    async ({ page, country, language, path: pathname }) => {
      const response = await get(`/${country}${pathname}?lang=${language}`);
      expect(response.statusCode).toBe(200);
      expect(canonical(response.body)).toBe(url(country, language, pathname));
      const expected = new Map(pairsOf(page).map((pair) => [`${pair.language}-${REGION[pair.country]}`, url(pair.country, pair.language, pair.path)]));
      const found = alternates(response.body);
      expect(found.size).toBe(expected.size + 1); // and x-default
      for (const [tag, href] of expected) expect(found.get(tag), tag).toBe(href);
      expect(found.has('x-default')).toBe(true);
    },
  );

  it('lists every market × language pair of every public page in the sitemap of the path fallback', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('xml');
    const entries = [...response.body.matchAll(/<url><loc>([^<]+)<\/loc>([\s\S]*?)<\/url>/g)].map((match) => ({
      loc: match[1]!.replace(/&amp;/g, '&'),
      links: match[2]!,
    }));
    for (const page of Object.keys(PAGES)) {
      for (const pair of pairsOf(page)) {
        const entry = entries.find((candidate) => candidate.loc === url(pair.country, pair.language, pair.path));
        expect(entry, `${page} ${pair.country}/${pair.language}`).toBeDefined();
        for (const other of pairsOf(page)) {
          expect(entry!.links.replace(/&amp;/g, '&')).toContain(
            `hreflang="${other.language}-${REGION[other.country]}" href="${url(other.country, other.language, other.path)}"`,
          );
        }
      }
    }
    expect(entries).toHaveLength(Object.keys(PAGES).reduce((sum, page) => sum + pairsOf(page).length, 0));
  });

  it('serves each market host its own sitemap and robots.txt, and keeps the path fallback for the others', async () => {
    const sitemap = await hosted.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'champions.example.de' } });
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(locs).toContain('https://champions.example.de/datenschutz');
    expect(locs).toContain('https://champions.example.de/?lang=en');
    expect(locs.every((loc) => loc.startsWith('https://champions.example.de/'))).toBe(true);
    // The German page on its host names the UK's and Italy's pages on the public origin's path fallback.
    const page = await get('/datenschutz', { host: 'champions.example.de' }, hosted);
    expect(page.statusCode).toBe(200);
    expect(textOf(root(page.body))).toContain('Datenschutz');
    expect(canonical(page.body)).toBe('https://champions.example.de/datenschutz');
    expect(alternates(page.body).get('de-DE')).toBe('https://champions.example.de/datenschutz');
    expect(alternates(page.body).get('en-GB')).toBe('https://champions.example.com/uk/privacy-policy');
    const fallback = await hosted.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'champions.example.com' } });
    expect(fallback.body).toContain('<loc>https://champions.example.com/uk/privacy-policy</loc>');
    expect(fallback.body).not.toContain('<loc>https://champions.example.de/');
    // The path fallback itself still serves the German market under /de.
    expect(canonical((await get('/de/impressum', { host: 'champions.example.com' }, hosted)).body)).toBe('https://champions.example.de/impressum');

    const robots = await hosted.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'champions.example.de' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://champions.example.de/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain('Disallow: /api/');
    const pathRobots = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'localhost' } });
    expect(pathRobots.body).toContain('Disallow: /uk/admin/');
    expect(pathRobots.body).toContain('Sitemap: http://localhost/sitemap.xml');
  });
});

describe('each page served with the title it sets itself (issue 39 item 2)', () => {
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  it.each([
    { url: '/uk/form', title: 'Pharmacy Champions Registration' },
    { url: '/it/form', title: 'Pharmacy Champions Italia' },
    { url: '/uk/', title: 'Pharmacy Champions Registration' },
    { url: '/it/', title: 'Pharmacy Champions Italia' },
    { url: '/de/form/1', title: 'Fortbildung, Apotheke und Ihre Angaben – Schritt 1 von 3 – Pharmacy Champions' },
    { url: '/uk/privacy-policy', title: 'Privacy and cookies policy – Pharmacy Champions' },
    { url: '/uk/my-data', title: 'See or erase your data – Pharmacy Champions' },
    // Issue 41 item 6: the accessibility statements.
    { url: '/uk/accessibility', title: 'Accessibility statement – Pharmacy Champions' },
    { url: '/it/accessibility', title: 'Dichiarazione di accessibilità – Pharmacy Champions' },
    { url: '/de/barrierefreiheit', title: 'Erklärung zur Barrierefreiheit – Pharmacy Champions' },
    { url: '/de/barrierefreiheit?lang=en', title: 'Accessibility statement – Pharmacy Champions' },
  ])('$url: $title', async ({ url, title }) => {
    expect(titleOf((await get(url)).body)).toBe(title);
  });
});

describe('the pages behind a link, rendered with what they show (issue 39 item 3)', () => {
  it('the status page: its heading, where the application stands and its dates, never kept in a cache', async () => {
    const { id } = await submitApplication(ctx, 'uk');
    const token = 'S'.repeat(32);
    await ctx.database.db
      .update(applications)
      .set({ statusTokenHash: hashToken(token) })
      .where(eq(applications.id, id));
    const response = await get(`/de/my-application/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = root(response.body);
    expect(html).toMatch(/<h1[^>]*>Ihre Bewerbung<\/h1>/);
    expect(html).toMatch(/<h2 id="my-application-status"[^>]*>Eingegangen<\/h2>/);
    expect(textOf(html)).toContain('Entscheidung voraussichtlich');
    expect(html).not.toContain('role="status"');
    expect(/<title>([^<]*)<\/title>/.exec(response.body)?.[1]).toBe('Ihre Bewerbung – Pharmacy Champions');
    // What the page was rendered with, for the browser to hydrate with.
    expect(response.body).toMatch(new RegExp(`<script type="application/json" id="page-data">\\{"path":"/my-application/${token}","value":\\{`));

    await setStatus(ctx.database.db, id, 'changes_requested');
    expect(root((await get(`/de/my-application/${token}`)).body)).toMatch(/<h2 id="my-application-status"[^>]*>Änderungen erbeten<\/h2>/);
  });

  it('the status page of an application 43 days old tells the applicant to write to support, with the address, in each language (issue 41)', async () => {
    const { id } = await submitApplication(ctx, 'it');
    const token = 'L'.repeat(32);
    await ctx.database.db
      .update(applications)
      .set({ statusTokenHash: hashToken(token), submittedAt: new Date(Date.now() - 43 * 24 * 3600 * 1000) })
      .where(eq(applications.id, id));
    const words = {
      uk: 'It is more than 6 weeks since you sent your application and we have not decided yet. Please write to support@example.com and quote your reference',
      it: "Sono passate più di 6 settimane dall'invio della Sua candidatura e non abbiamo ancora deciso. La preghiamo di scriverci a support@example.com indicando il codice di riferimento",
      de: 'Seit dem Einreichen Ihrer Bewerbung sind mehr als 6 Wochen vergangen, und wir haben noch nicht entschieden. Bitte schreiben Sie uns an support@example.com und nennen Sie Ihre Referenznummer',
    };
    for (const [market, sentence] of Object.entries(words)) {
      const html = root((await get(`/${market}/my-application/${token}`)).body);
      expect(squash(textOf(html)), market).toContain(sentence);
      expect(html, market).toContain('<a href="mailto:support@example.com">support@example.com</a>');
    }
  });

  it('an unknown status or data link: the "link not valid" view, not a loading line', async () => {
    for (const url of [`/uk/my-application/${'x'.repeat(32)}`, `/uk/my-data/${'x'.repeat(32)}`, '/uk/my-data/short']) {
      const html = root((await get(url)).body);
      expect(html, url).toMatch(/<h1[^>]*>This link is no longer valid<\/h1>/);
      expect(html, url).not.toContain('role="status"');
    }
  });

  it("a listing's page: the pharmacy's name as its heading", async () => {
    const { id } = await submitApplication(ctx, 'uk', { whereYouWork: 'Rendered Chemist' });
    await setStatus(ctx.database.db, id, 'approved');
    const [listingId] = await listingIdsOf(ctx.database.db, [id]);
    await listingsVersionSettled(ctx);
    const html = root((await get(`/uk/finder/${listingId}`)).body);
    expect(html).toMatch(/<h1[^>]*>[^<]*Rendered Chemist[^<]*<\/h1>/);
    expect(textOf(html)).toContain('Directions');
  });
});

describe('the applicant forms, rendered on the server (decision 0039)', () => {
  it.each([
    { url: '/uk/form', language: 'en' as Language, fields: ['email', 'firstName', 'lastName'] },
    { url: '/it/form', language: 'it' as Language, fields: ['email', 'firstName', 'lastName'] },
    { url: '/de/form/1', language: 'de' as Language, fields: ['haveYouCompleted', 'email'] },
  ])(
    '$url carries its heading, its introduction and its first fields, in a form sent by POST, with the "needs JavaScript" notice',
    async ({ url, language, fields }) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const html = root(response.body);
      expect(html).toMatch(/<main\b[\s\S]*<h1\b[^>]*>[^<]+<\/h1>/);
      const form = messages(language, 'form') as { form: { intro: { time: string } } };
      expect(textOf(html)).toContain(squash(form.form.intro.time.replace('{{minutes}}', '5')));
      expect(html).toMatch(/<form [^>]*method="post"/);
      for (const field of fields) expect(html).toContain(`name="${field}"`);
      expect(response.body).toContain('<noscript>');
      // Its scripts start after the first paint, as every rendered page's.
      expect(response.body).not.toMatch(/<script\b[^>]*\bsrc=/);
      expect(afterPaint(response.body).modules.length).toBeGreaterThan(0);
    },
  );

  it('/de/form (a three-step market) renders on the server too, for the browser to go on to step 1', async () => {
    // The route read window.location on the server: the render failed (logged as an error) and the page came unrendered.
    const response = await get('/de/form');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(afterPaint(response.body).modules.length).toBeGreaterThan(0);
  });

  it('a later step without kept answers renders its loading line (the browser sends the visitor to step 1)', async () => {
    const html = root((await get('/de/form/2')).body);
    expect(html).toMatch(/role="status"/);
  });
});

describe('a rendered page paints before its scripts load (decision 0039)', () => {
  const manifest = () => JSON.parse(readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;

  it.each(['/uk/', '/it/', '/de/', '/de/datenschutz', '/uk/privacy-policy', '/it/thank-you', '/uk/finder'])(
    '%s names no script the browser would fetch before its first paint',
    async (url) => {
      const response = await get(url);
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      expect(response.body).not.toMatch(/<script\b[^>]*\bsrc=/);
      expect(response.body).not.toContain('rel="modulepreload"');
      // Its stylesheets stay in the head: the HTML is styled when it first paints.
      expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/);
      const entry = Object.values(manifest()).find((chunk) => chunk.isEntry)!.file;
      const plan = afterPaint(response.body);
      expect(plan.entry).toBe(`/${entry}`);
      expect(plan.modules.length).toBeGreaterThan(0);
    },
  );

  it('allows the one inline script by its hash, and no other inline script', async () => {
    const response = await get('/uk/');
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(' ');
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`]);
    expect(policy).not.toContain("unsafe-inline';script");
  });

  it('leaves the pages the browser renders (staff) as they were: the entry script and its preloads in the head', async () => {
    for (const url of ['/it/signin', '/uk/admin/review']) {
      const response = await get(url);
      expect(response.body, url).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
      expect(response.body, url).not.toContain('id="after-paint"');
    }
  });

  it('sends pages compressed as the browser accepts them, and plain to a client that accepts neither', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await get('/uk/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/uk/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await get('/uk/form', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<div id="root">');
  });
});

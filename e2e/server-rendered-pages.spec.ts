// Issue 26 item 1 (decision 0037): the public pages arrive as HTML with their content, readable
// with scripting off, and the browser hydrates them without a console error, a hydration mismatch
// or a layout shift; their controls work once hydrated.
import type { Page } from '@playwright/test';
import { CONSENT_COOKIES } from '../src/shared/limits.ts';
import { expect, test } from './support/fixtures.ts';

const LANDINGS = [
  {
    path: '/uk/',
    heading: 'Become a cancer champion',
    charter: 'The Cancer Champion Charter',
    first: 'Complete the oncology training and keep my knowledge up to date.',
    continueTo: '/uk/form',
  },
  { path: '/it/', heading: 'Entri a far parte della rete di farmacie Pharmacy Champions', charter: null, first: null, continueTo: '/it/form' },
  {
    path: '/de/',
    heading: 'Als onkologisch qualifizierte Apotheke sichtbar werden',
    charter: 'Die Charta: 10 Selbstverpflichtungen',
    first: null,
    continueTo: '/de/form/1',
  },
] as const;

const CONTINUE: Record<string, string> = { '/uk/': 'Continue', '/it/': 'Continua', '/de/': 'Weiter' };

const LEGAL = [
  { path: '/uk/privacy-policy', heading: 'Privacy and cookies policy' },
  { path: '/uk/terms-and-conditions', heading: 'Terms and conditions' },
  { path: '/it/privacy-policy', heading: 'Informativa sulla privacy e sui cookie' },
  { path: '/it/terms-and-conditions', heading: 'Termini e condizioni' },
  { path: '/de/datenschutz', heading: 'Datenschutzerklärung und Cookie-Richtlinie' },
  { path: '/de/nutzungsbedingungen', heading: 'Nutzungsbedingungen' },
  { path: '/de/impressum', heading: 'Impressum' },
] as const;

test.describe('with scripting off', () => {
  test.use({ javaScriptEnabled: false });

  for (const landing of LANDINGS) {
    test(`${landing.path} shows its heading, ${landing.charter ? 'the charter and ' : ''}the Continue link`, async ({ page }) => {
      await page.goto(landing.path);
      await expect(page.getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
      const next = page.getByRole('link', { name: CONTINUE[landing.path], exact: true });
      await expect(next).toBeVisible();
      await expect(next).toHaveAttribute('href', landing.continueTo);
      if (landing.charter) {
        const charter = page.getByRole('list', { name: landing.charter });
        await expect(charter).toBeVisible();
        await expect(charter.getByRole('listitem')).toHaveCount(10);
        if (landing.first) await expect(charter.getByRole('listitem').first()).toContainText(landing.first);
      }
    });
  }

  test('/de/datenschutz shows its 11 numbered section headings, each in the contents', async ({ page }) => {
    await page.goto('/de/datenschutz');
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung und Cookie-Richtlinie' })).toBeVisible();
    const sections = page.locator('.legal__text h2').filter({ hasText: /^\s*\d+\.\s/ });
    await expect(sections).toHaveCount(11);
    for (const heading of await sections.all()) await expect(heading).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Inhalt' }).getByRole('link')).toHaveCount(await page.locator('.legal__text h2').count());
  });

  for (const legal of LEGAL) {
    test(`${legal.path} shows its whole text`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
      const text = page.locator('.legal__text');
      await expect(text).toBeVisible();
      expect((await text.innerText()).length).toBeGreaterThan(1500);
      await expect(page.locator('.page-loading')).toHaveCount(0);
    });
  }
});

/** Console errors and uncaught exceptions of a page (a 404's own status line aside), and its layout shifts. */
function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The sum of the layout shifts so far (Cumulative Layout Shift, without the session windows: any shift counts). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0))).observe({
          type: 'layout-shift',
          buffered: true,
        });
        setTimeout(() => resolve(0), 500);
      }),
  );

/** Hydrated: React has taken over the server's HTML (its root is created, so a click is never lost) and the page's chunks have come. */
async function hydrated(page: Page) {
  await expect.poll(() => page.locator('#root').evaluate((root) => Object.keys(root).some((key) => key.startsWith('__reactContainer')))).toBe(true);
  await page.waitForLoadState('networkidle');
}

const RENDERED = [
  ...LANDINGS.map((landing) => ({ path: landing.path, heading: landing.heading })),
  ...LEGAL,
  { path: '/de/datenschutz?lang=en', heading: 'Privacy and cookie policy (Germany)' },
  { path: '/uk/thank-you', heading: null },
  { path: '/uk/no-such-page', heading: 'Page not found' },
  { path: '/uk/datenschutz', heading: 'Page not found' },
  { path: '/uk/finder', heading: 'Find a cancer champion pharmacy' },
  { path: '/de/finder', heading: null },
  { path: '/uk/link-sent', heading: null },
  // The applicant forms' first screen (decision 0039).
  { path: '/uk/form', heading: 'Register as a Pharmacy Champions pharmacist' },
  { path: '/it/form', heading: null },
  { path: '/de/form/1', heading: null },
  // The data-rights and status pages are rendered with what the server read for them (decision 0060): a link that names nothing.
  { path: '/uk/my-data/not-a-real-token', heading: 'This link is no longer valid' },
  { path: '/uk/my-application/not-a-real-token', heading: 'This link is no longer valid' },
];

test.describe('hydration', () => {
  for (const { path, heading } of RENDERED as Array<{ path: string; heading: string | null }>) {
    test(`${path} arrives rendered and hydrates without an error or a layout shift`, async ({ page }) => {
      const errors = watch(page);
      const response = await page.request.get(path, { headers: { accept: 'text/html' } });
      expect(await response.text()).toMatch(/<div id="root"><a class="skip-link"[\s\S]*<main\b[\s\S]*<h1\b/);
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await hydrated(page);
      expect(await layoutShift(page)).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('after hydration', () => {
  test('the landing page: cookie settings, the language switch and Continue work', async ({ page }) => {
    const errors = watch(page);
    await page.goto('/uk/');
    await hydrated(page);
    const notice = page.getByRole('region', { name: 'Cookies on Pharmacy Champions' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(notice).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on Pharmacy Champions' }).getByText('Cookies on Pharmacy Champions')).toBeFocused();
    await page.getByRole('button', { name: 'Got it' }).click();

    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Italiano' }).click();
    await expect(page).toHaveURL(/\/uk\/?\?lang=it$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Diventi un farmacista di riferimento per i pazienti oncologici' })).toBeVisible();
    await hydrated(page);
    // The notice was closed: the server renders the page without it, as the browser does.
    await expect(page.getByRole('region', { name: 'Cookie su Pharmacy Champions' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Continua', exact: true }).click();
    await expect(page).toHaveURL(/\/uk\/form\/1\?lang=it$/);
    await expect(page.locator('form')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a legal page: its contents, Back, the language switch and cookie settings work', async ({ page }) => {
    const errors = watch(page);
    await page.goto('/de/datenschutz');
    await hydrated(page);
    await page.getByRole('button', { name: 'Verstanden' }).click();
    await expect(page.getByRole('region', { name: 'Cookies auf Pharmacy Champions' })).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await expect(page.getByRole('region', { name: 'Cookies auf Pharmacy Champions' }).getByText('Cookies auf Pharmacy Champions')).toBeFocused();
    await page.getByRole('button', { name: 'Verstanden' }).click();
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/de\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Als onkologisch qualifizierte Apotheke sichtbar werden' })).toBeVisible();
    await page.goto('/de/datenschutz');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy and cookie policy (Germany)' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('before hydration (decision 0039)', () => {
  test('the page paints before any script is requested, and a button pressed before React takes over still works', async ({ page }) => {
    const errors = watch(page);
    // The bundle is held back until the test lets it go: what the visitor sees on a slow line.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const scriptsAsked: string[] = [];
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      scriptsAsked.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto('/uk/', { waitUntil: 'domcontentloaded' });
    const notice = page.getByRole('region', { name: 'Cookies on Pharmacy Champions' });
    await expect(page.getByRole('heading', { level: 1, name: 'Become a cancer champion' })).toBeVisible();
    // It has painted while no script could run.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    await expect.poll(() => scriptsAsked.length).toBeGreaterThan(0);
    await notice.getByRole('button', { name: 'Got it' }).click();
    expect(await page.locator('#root').evaluate((root) => Object.keys(root).some((key) => key.startsWith('__reactContainer')))).toBe(false);
    release();
    await expect(notice).toHaveCount(0);
    expect((await page.context().cookies()).some((cookie) => cookie.name === CONSENT_COOKIES.noticeClosed)).toBe(true);
    await hydrated(page);
    expect(errors).toEqual([]);
  });

  test('text typed and a choice made in a form before the scripts come are kept', async ({ page }) => {
    const errors = watch(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/uk/form', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email address').fill('early.bird@example.org');
    await page.getByLabel('First name').fill('Early');
    await page.getByRole('group', { name: 'Are you a locum pharmacist?' }).getByLabel('No').check();
    release();
    await expect(page.locator('form[data-live]')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue('early.bird@example.org');
    await expect(page.getByLabel('First name')).toHaveValue('Early');
    await expect(page.getByRole('group', { name: 'Are you a locum pharmacist?' }).getByLabel('No')).toBeChecked();
    // The runner holds them: they are kept in the tab, and a reload (rendered afresh from the kept answers) shows them.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('pc.apply.uk') ?? '')).toContain('early.bird@example.org');
    await page.reload();
    await expect(page.getByLabel('Email address')).toHaveValue('early.bird@example.org');
    await expect(page.getByLabel('First name')).toHaveValue('Early');
    await expect(page.getByRole('group', { name: 'Are you a locum pharmacist?' }).getByLabel('No')).toBeChecked();
    expect(errors).toEqual([]);
  });

  test.describe('on a page loaded lazily', () => {
    test.use({ geolocation: { latitude: 53.401, longitude: -2.99 }, permissions: ['geolocation'] });

    test('a button pressed while the shell is hydrated but the page is not yet still works', async ({ page }) => {
      const errors = watch(page);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/finder-page-[^/]*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/uk/finder', { waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.locator('#root').evaluate((root) => Object.keys(root).some((key) => key.startsWith('__reactContainer')))).toBe(true);
      await page.getByRole('button', { name: 'Use my location' }).click();
      release();
      await expect(page.getByRole('status').filter({ hasText: /within 25 km of your location/ })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
});

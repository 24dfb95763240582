// Issue 14: the legal pages every footer links to, on every market and in every language, are
// whole documents in the page's language with the matching <html lang>; legal routes exist only
// in their market's shell; unknown routes answer 404; and no public page scrolls sideways at 390 px.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const COUNTRIES = ['uk', 'it', 'de'] as const;
const LANGUAGES = ['en', 'it', 'de'] as const;
type Country = (typeof COUNTRIES)[number];
type Language = (typeof LANGUAGES)[number];
const MARKET_LANGUAGE: Record<Country, Language> = { uk: 'en', it: 'it', de: 'de' };
const LANGUAGE_TAG: Record<Language, string> = { en: 'en-GB', it: 'it-IT', de: 'de-DE' };
const LEGAL_KINDS: Record<Country, string[]> = {
  uk: ['privacy-policy', 'terms-and-conditions', 'accessibility'],
  it: ['privacy-policy', 'terms-and-conditions', 'accessibility'],
  de: ['nutzungsbedingungen', 'datenschutz', 'impressum', 'barrierefreiheit'],
};

const src = join(import.meta.dirname, '..', 'src', 'web');
const contentFile = (country: Country, language: Language, kind: string) => join(src, 'content', country, language, `${kind}.md`);

/** The language a legal text is shown in: the page's, where its translation exists. */
const shownLanguage = (country: Country, language: Language, kind: string): Language =>
  existsSync(contentFile(country, language, kind)) ? language : MARKET_LANGUAGE[country];

function headings(country: Country, language: Language, kind: string): string[] {
  const file = contentFile(country, language, kind);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{2,3} /.test(line))
    .map((line) =>
      line
        .replace(/^#+ /, '')
        .replace(/\{\{\s*\w+\s*\}\}/g, '')
        .replace(/[*_`]/g, '')
        .trim(),
    )
    .filter((line) => line.length > 3);
}

/** The words around a legal text (legal.json, footer), per language. */
function chromeWords(language: Language): string[] {
  const flatten = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(flatten));
  return ['legal', 'layout']
    .flatMap((file) => flatten(JSON.parse(readFileSync(join(src, '..', 'shared', 'i18n', 'messages', language, `${file}.json`), 'utf8'))))
    .flatMap((value) => value.split(/\{\{\s*\w+\s*\}\}/))
    .map((part) => part.trim())
    .filter((part) => part.length > 3);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, to say where to look when this fails.
    wide: [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 0.5 ||
          (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible'),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent!.slice(0, 40)}`),
  }));
  expect(scrollWidth, `${path} ${wide.join(' | ')}`).toBe(innerWidth);
}

for (const country of COUNTRIES) {
  for (const language of LANGUAGES) {
    test(`/${country}?lang=${language}: every legal page the footer links to is whole and in one language`, async ({ page }) => {
      await page.goto(`/${country}/?lang=${language}`);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('navigation').getByRole('link').first()).toBeVisible();
      const links = await footer
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
      // Beside the legal pages, every footer links to the data-rights page (issue 13).
      expect(links.filter((href) => /\/my-data(\?|$)/.test(href))).toHaveLength(1);
      const hrefs = links.filter((href) => !/\/my-data(\?|$)/.test(href));
      expect(hrefs.map((href) => href.replace(/^\/\w\w\//, '').replace(/\?.*$/, ''))).toEqual(LEGAL_KINDS[country]);

      for (const href of hrefs) {
        const kind = LEGAL_KINDS[country].find((k) => href.includes(`/${k}`))!;
        const shown = shownLanguage(country, language, kind);
        const response = await page.goto(href);
        expect(response?.status(), href).toBe(200);
        await expect(page.locator('.legal__text')).toBeVisible();
        // The server's lang and the page's: the whole page speaks the text's language.
        expect(await page.locator('html').getAttribute('lang')).toBe(LANGUAGE_TAG[language]);
        const effective = (await page.locator('article.legal').getAttribute('lang')) ?? LANGUAGE_TAG[language];
        expect(effective, href).toBe(LANGUAGE_TAG[shown]);
        expect((await page.locator('.legal__text').innerText()).length).toBeGreaterThan(1500);

        // The words around the text (title, Back, contents heading, note, footer); the text itself may name
        // German laws in German (Datenschutz-Grundverordnung), so it is compared by its headings.
        const chrome = await page.evaluate(() => {
          const article = document.querySelector('article.legal')!.cloneNode(true) as HTMLElement;
          article.querySelectorAll('.legal__text, .legal__contents ol, .legal__contents ul').forEach((element) => element.remove());
          return `${article.textContent} ${document.querySelector('footer')?.textContent ?? ''}`.replace(/\s+/g, ' ');
        });
        const shownHeadings = (await page.locator('.legal__text').locator('h2, h3').allInnerTexts()).map((heading) => heading.trim());
        const own = chromeWords(shown);
        const ownHeadings = headings(country, shown, kind);
        for (const other of LANGUAGES.filter((l) => l !== shown)) {
          const foreignWords = chromeWords(other).filter((words) => !own.some((mine) => mine.includes(words)));
          expect(
            foreignWords.filter((words) => chrome.includes(words)),
            `${href}: ${other} words`,
          ).toEqual([]);
          const foreignHeadings = headings(country, other, kind).filter((heading) => !ownHeadings.includes(heading));
          expect(
            foreignHeadings.filter((heading) => shownHeadings.includes(heading)),
            `${href}: ${other} headings`,
          ).toEqual([]);
        }
        const note = page.locator('.legal__translation-note');
        if (shown === MARKET_LANGUAGE[country]) await expect(note).toHaveCount(0);
        else await expect(note.getByRole('link')).toHaveAttribute('href', new RegExp(`/${country}/${kind}\\?lang=${MARKET_LANGUAGE[country]}$`));
        // German law: the Impressum is linked from every page of the German market.
        if (country === 'de') await expect(page.getByRole('contentinfo').locator(`a[href^="/de/impressum"]`)).toBeVisible();
      }
    });
  }
}

test('legal routes exist only in their market shell, and unknown routes answer 404 with the not-found view', async ({ page, request }) => {
  for (const path of ['/uk/datenschutz', '/it/impressum', '/de/privacy-policy', '/de/terms-and-conditions?lang=en', '/uk/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('.legal')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /home|pagina iniziale|Startseite/i })).toBeVisible();
  }
  expect((await request.head('/de/nothing-here')).status()).toBe(404);
  expect((await request.head('/de/impressum')).status()).toBe(200);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const country of COUNTRIES) {
    for (const language of LANGUAGES) {
      test(`no public page of /${country} in ${language} scrolls sideways`, async ({ page }) => {
        const form = country === 'uk' && language === 'en' ? '/form' : country === 'it' && language === 'it' ? '/form' : '/form/1';
        for (const path of [
          '/',
          form,
          '/thank-you',
          '/no-such-page',
          '/my-data',
          '/update-link',
          '/link-sent',
          '/pharmacist/edit/AbCdEfGhIjKlMnOpQrStUvWx',
          ...LEGAL_KINDS[country].map((kind) => `/${kind}`),
        ]) {
          await page.goto(`/${country}${path}?lang=${language}`);
          await expect(page.locator('h1').first()).toBeVisible();
          await expectNoSidewaysScroll(page, path);
        }
      });
    }
  }

  test('screenshots: a German legal page and the charter on /uk?lang=de', async ({ page }) => {
    await page.goto('/de/datenschutz');
    await acceptEssentialCookies(page);
    await expect(page.locator('.legal__text')).toBeVisible();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR ?? 'test-results', 'datenschutz-390.png'), fullPage: false });
    await page.locator('.legal__table').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR ?? 'test-results', 'datenschutz-table-390.png') });
    await page.goto('/uk/privacy-policy?lang=de');
    await expect(page.locator('.legal__text')).toBeVisible();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR ?? 'test-results', 'uk-privacy-de-390.png') });
    // The translation note and its link pass the same accessibility checks as the rest of the page.
    await expectNoAxeViolations(page);
    await page.goto('/uk/?lang=de');
    await page.locator('.charter').scrollIntoViewIfNeeded();
    await page.locator('.charter').screenshot({ path: join(process.env.SCREENSHOT_DIR ?? 'test-results', 'charter-uk-de-390.png') });
    for (const item of await page.locator('.charter__item').all()) {
      const fits = await item.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits).toBe(true);
    }
  });
});

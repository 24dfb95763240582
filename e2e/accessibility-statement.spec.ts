// Issue 41 item 6: each market's accessibility statement, reached from its footer, is served with
// its title and its whole text to a browser with scripting off, and has no axe violations at desktop
// and phone widths. SHOTS_DIR=/some/folder saves screenshots of the three markets' statements.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { COUNTRIES, LANGUAGES, MARKET_LANGUAGE, type Language } from '../src/shared/markets.ts';
import { acceptEssentialCookies, expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const i18n = join(import.meta.dirname, '..', 'src', 'shared', 'i18n', 'messages');
const words = (language: Language) => ({
  link: (JSON.parse(readFileSync(join(i18n, language, 'layout.json'), 'utf8')) as { layout: { footer: { accessibility: string } } }).layout.footer
    .accessibility,
  title: (JSON.parse(readFileSync(join(i18n, language, 'legal.json'), 'utf8')) as { legal: { accessibility: { title: string } } }).legal.accessibility.title,
});
const STATEMENT = { uk: '/uk/accessibility', it: '/it/accessibility', de: '/de/barrierefreiheit' } as const;
const WIDTHS = [1280, 390] as const;

/** The whole page in slices short enough to read. */
async function shoot(page: Page, name: string) {
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight }));
  for (let y = 0, part = 1; y < height; y += 1400, part++) {
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${part}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(1400, height - y) },
    });
  }
}

test.describe('with scripting off', () => {
  test.use({ javaScriptEnabled: false });

  for (const country of COUNTRIES) {
    for (const language of LANGUAGES) {
      test(`/${country} in ${language}: the footer's link opens the statement, with its title and text`, async ({ page }) => {
        const { link, title } = words(language);
        const query = language === MARKET_LANGUAGE[country] ? '' : `?lang=${language}`;
        await page.goto(`/${country}/${query}`);
        await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
        await expect(page).toHaveURL(new RegExp(`${STATEMENT[country]}(\\?lang=${language})?$`));
        await expect(page).toHaveTitle(`${title} – Pharmacy Champions`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const text = page.locator('.legal__text');
        await expect(text.getByRole('heading', { level: 2 })).toHaveCount(6);
        await expect(text).toContainText('WCAG');
        await expect(text.locator('a[href^="mailto:"]')).toHaveCount(1);
      });
    }
  }
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    for (const country of COUNTRIES) {
      test(`${STATEMENT[country]} has no axe violations`, async ({ page }) => {
        await page.goto(STATEMENT[country]);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        await acceptEssentialCookies(page);
        await expectNoAxeViolations(page);
        if (process.env.SHOTS_DIR) await shoot(page, `accessibility-${country}-${width}`);
      });
    }
  });
}

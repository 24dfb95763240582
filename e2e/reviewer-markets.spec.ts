// Reviewers by market (issue 41 item 2, decision 0066): the main admin sets a reviewer's markets
// with the catalogue form from the reviewers page (which also shows the week's workload); the
// reviewer's queue opens on Germany, every market one choice away; a British application opened
// anyway says it is outside their markets. axe at 1280 and 390 px on every changed page.
import type { Page } from '@playwright/test';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { expect, expectNoAxeViolationsAtBothWidths, test, uniqueApplicant } from './support/fixtures.ts';
import { createStaff, signInWithTotp } from './support/staff.ts';

const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const SHOTS = process.env.SHOTS_DIR;

/** Screenshots at both widths when SHOTS_DIR is set (for looking at the pages, not for checking them). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the main admin sets a reviewer to Germany; their queue opens on German applications; a British one says it is outside', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  // Names take letters only.
  const letters = String(stamp).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const reviewer = { email: `greta.${stamp}@example.de`, firstName: 'Greta', lastName: `Vogel${stamp}`, role: 'reviewer' as const };
  const admin = { email: `admin.markets.${stamp}@example.it`, firstName: 'Marta', lastName: `Admin${stamp}`, role: 'main_admin' as const };
  await createStaff(reviewer);
  await createStaff(admin);
  const who = uniqueApplicant('markets');
  const token = (await solvedTokensFrom(baseUrl, 1))[0]!;
  const saved = await page.request.post('/api/save-pharmacist', {
    data: {
      ...validApplication(
        { country: 'uk' },
        { email: who.email, professionalRegistrationNumber: who.registrationNumber, firstName: 'Olivia', lastName: `Outside${letters}` },
      ),
      recaptchaToken: token,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const applicationId = ((await saved.json()) as { data: { id: string } }).data.id;

  await signInWithTotp(page, admin.email);
  await page.goto('/uk/admin/reviewers');
  const name = `${reviewer.firstName} ${reviewer.lastName}`;
  await expect(page.getByRole('heading', { level: 2, name: 'Workload this week' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: "Each reviewer's open claims and decisions this week" }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();
  await page.getByRole('link', { name: `Change markets ${name}` }).click();

  const group = page.getByRole('group', { name: `Markets ${name} reviews` });
  await expect(group).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await shoot(page, 'markets-form');
  await group.getByRole('checkbox', { name: 'Germany' }).check();
  await page.getByRole('button', { name: 'Save the markets' }).click();
  await expect(page).toHaveURL(/\/uk\/admin\/reviewers$/);
  await expect(page.getByRole('table', { name: /^\d+ reviewers?$/ }).getByRole('row', { name: new RegExp(name) })).toContainText('Germany');
  await expectNoAxeViolationsAtBothWidths(page);
  await shoot(page, 'reviewers');

  await page.goto('/uk/admin/activity');
  await expect(page.getByText("Reviewer's markets set").first()).toBeVisible();
  await shoot(page, 'activity');

  const desk = await (await browser.newContext()).newPage();
  await signInWithTotp(desk, reviewer.email);
  await desk.goto(`/uk/admin/review?q=${encodeURIComponent(who.email)}`);
  const market = desk.getByRole('combobox', { name: 'Market' });
  await expect(market.getByRole('option', { name: 'Your markets (Germany)' })).toBeAttached();
  await expect(desk.getByText('No application matches these filters.')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(desk);
  await shoot(desk, 'queue');
  await market.selectOption({ label: 'All markets' });
  await desk.getByRole('button', { name: 'Show applications' }).click();
  await desk.getByRole('link', { name: `Olivia Outside${letters}` }).click();

  await expect(desk.getByText('This application is from United Kingdom, which is outside your markets. You can still read it and decide on it.')).toBeVisible();
  await expect(desk).toHaveURL(new RegExp(applicationId));
  await expectNoAxeViolationsAtBothWidths(desk);
  await shoot(desk, 'detail');
});

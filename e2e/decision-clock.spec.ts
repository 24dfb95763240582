// Issue 41 item 1: the decision clock. Two German applications, moved back 22 and 43 days: the
// review queue lists the older one first, each with its due date and state in words, and filters by
// state; the status page of the 43-day-old one tells the applicant to write to support. axe at 1280
// and 390 px; SHOTS_DIR=/some/folder saves screenshots of both pages at both widths.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolationsAtBothWidths, storedApplications, test, uniqueApplicant } from './support/fixtures.ts';
import { createStaff, signInWithTotp } from './support/staff.ts';
import { applyInGermany, storedMail } from './support/steps.ts';

const DAY = 24 * 3600 * 1000;
const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function submittedDaysAgo(email: string, days: number) {
  const [stored] = (await storedApplications()).filter((a) => a.email === email);
  const res = await fetch(`${inspectionUrl}/applications/status`, {
    method: 'POST',
    body: JSON.stringify({ id: stored!.id, status: 'submitted', submittedAt: new Date(Date.now() - days * DAY).toISOString() }),
  });
  expect(res.ok).toBe(true);
}

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the queue lists the oldest due first with its state in words and filters by it; the status page past 6 weeks points to support', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const soon = uniqueApplicant('clock-soon');
  await applyInGermany(page, soon);
  const late = uniqueApplicant('clock-late-6w');
  await applyInGermany(page, late);
  await submittedDaysAgo(soon.email, 22);
  await submittedDaysAgo(late.email, 43);

  // The applicant's status page, from the link of the "received" e-mail.
  let link = '';
  await expect
    .poll(
      async () =>
        (link = /https?:\/\/[^\s]+\/de\/my-application\/[A-Za-z0-9_-]{32}/.exec((await storedMail()).find((m) => m.to === late.email)?.text ?? '')?.[0] ?? ''),
    )
    .not.toBe('');
  await page.goto(new URL(link).pathname);
  const status = page.getByRole('region', { name: 'Eingegangen' });
  await expect(status).toContainText('Seit dem Einreichen Ihrer Bewerbung sind mehr als 6 Wochen vergangen');
  await expect(status.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoAxeViolationsAtBothWidths(page);
  await shots(page, 'status-page-past-6-weeks');

  const reviewer = { email: `clock.${Date.now() % 1_000_000}@example.it`, firstName: 'Renata', lastName: 'Clock', role: 'reviewer' as const };
  await createStaff(reviewer);
  const desk = await (await browser.newContext()).newPage();
  await signInWithTotp(desk, reviewer.email);
  await desk.goto('/uk/admin/review');
  const results = desk.getByRole('region', { name: 'Results' });
  const rows = results.getByRole('row');
  await expect(rows.nth(1)).toContainText('Overdue: over 6 weeks');
  await expect(rows.nth(2)).toContainText('Due soon');
  await expectNoAxeViolationsAtBothWidths(desk);
  await shots(desk, 'review-queue');

  await desk.getByRole('combobox', { name: 'Decision due' }).selectOption('due_soon');
  await desk.getByRole('button', { name: 'Show applications' }).click();
  await expect(desk).toHaveURL(/clock=due_soon/);
  await expect(desk.getByText('1 application', { exact: true })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Due soon');
});

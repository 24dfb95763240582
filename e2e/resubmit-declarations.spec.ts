// Issue 39 item 11: a German applicant sending their application again through the e-mailed link
// finds the Google-profile box they ticked still ticked, and step 3 says in one sentence why the
// five confirmations are asked again.
import { expect, storedApplications, test, uniqueApplicant } from './support/fixtures.ts';
import { applyInGermany, completeStep3, editTokenByMail, next } from './support/steps.ts';

test('a resubmitting German applicant: the Google-profile box kept, the confirmations asked again with the reason', async ({ page }) => {
  const who = uniqueApplicant('de-again');
  await applyInGermany(page, who);
  const [original] = (await storedApplications()).filter((a) => a.email === who.email);
  const token = await editTokenByMail(who.email, '/de');

  await page.goto(`/de/pharmacist/edit/${token}`);
  await expect(page).toHaveURL(new RegExp(`/de/form/1\\?pharmacistId=${token}$`));
  await page.locator('#services').fill('Medikationsanalyse, Impfungen');
  await next(page, 2);
  await expect(page.locator('#isChecked')).toBeChecked();
  await next(page, 3);
  await expect(page.getByText('Pflichtfeld')).toHaveCount(0);

  const confirmations = page.getByRole('group', { name: 'Bitte bestätigen Sie jeden der folgenden Punkte' });
  for (const n of [1, 2, 3, 4, 5]) await expect(page.locator(`#agreementCheck${n}`)).not.toBeChecked();
  await expect(confirmations).toHaveAccessibleDescription(
    'Ihre früheren Häkchen werden nicht übernommen: Damit bestätigen Sie die Angaben, die Sie jetzt senden, und eine Einwilligung gilt nur, wenn Sie sie selbst ankreuzen.',
  );
  await completeStep3(page);
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
  await expect(page).toHaveURL(/\/de\/thank-you$/);
  const [again] = (await storedApplications()).filter((a) => a.email === who.email);
  expect(again!.id).toBe(original!.id);
  expect(again!.answers).toMatchObject({ isChecked: true, services: 'Medikationsanalyse, Impfungen', agreementCheck5: true });
});

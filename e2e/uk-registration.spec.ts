// A UK pharmacist applies on the single-page form (spec §2 screen 2, §4, §5, §8).
import type { Page } from '@playwright/test';
import {
  acceptEssentialCookies,
  chooseFileByKeyboard,
  expect,
  expectNoAxeViolations,
  tick,
  typeInto,
  fileWith,
  jpegWithGps,
  storedApplications,
  tabTo,
  test,
  uniqueApplicant,
} from './support/fixtures.ts';
import { choosePlace, editTokenByMail, storedMail } from './support/steps.ts';

async function solveBotCheck(page: Page) {
  await tabTo(page, 'altcha-widget input[type=checkbox]');
  await page.keyboard.press('Space');
  await expect(page.locator('input[name=recaptchaToken]')).not.toHaveValue('', { timeout: 20_000 });
}

test('a UK pharmacist applies from the landing page by keyboard alone', async ({ page }) => {
  const who = uniqueApplicant('keyboard');
  const photo = await jpegWithGps();
  await page.goto('/uk/');

  await tabTo(page, page.getByRole('button', { name: 'Got it' }));
  await page.keyboard.press('Enter');
  await tabTo(page, 'a.button[href$="/form"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uk\/form$/);
  await expect(page).toHaveTitle('Pharmacy Champions Registration');

  await typeInto(page, '#email', who.email);
  await typeInto(page, '#firstName', 'Anna Maria');
  await typeInto(page, '#lastName', "O'Neill");
  await typeInto(page, '#professionalRegistrationNumber', who.registrationNumber);
  await tabTo(page, 'input[name=areYouLocum]');
  await page.keyboard.press('ArrowRight'); // Yes -> No
  await expect(page.locator('#areYouLocum-no')).toBeChecked();
  await tabTo(page, 'input[name=whereDidYouFindOutAboutUs]');
  await page.keyboard.press('Space');
  await expect(page.locator('#whereDidYouFindOutAboutUs')).toBeChecked();

  await chooseFileByKeyboard(page, 'input[type=file]#photo', photo);
  await expect(page.locator('input[name=photo]')).not.toHaveValue('', { timeout: 15_000 });

  await choosePlace(page, 'Bold Street', /Bold Street Chemist/);
  await expect(page.locator('#whereYouWork')).toHaveValue('Bold Street Chemist'); // the chosen result's name
  await tabTo(page, '#whereYouWork');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Bold Street <i>Chemist</i>');
  await tick(page, '#isChecked');
  await tick(page, '#haveYouCompleted'); // yes1: other training
  await typeInto(page, '#additionalTrainingNotes', 'Macmillan <script>x</script>cancer module, 2024');
  await typeInto(page, '#anythingElseAboutYou', 'I speak <b>Italian</b> and Polish.');
  for (const n of [1, 2, 3, 4, 5]) await tick(page, `#agreementCheck${n}`);
  await solveBotCheck(page);

  await tabTo(page, 'button[type=submit]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uk\/thank-you$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Issue 13: a short reference on the thank-you page, and the same one in the e-mail that follows.
  const reference =
    (await page
      .getByText(/^Your reference is PC-/)
      .locator('strong')
      .textContent()) ?? '';
  expect(reference).toMatch(/^PC-[2-9A-HJKMNP-Z]{6}$/);
  const received = (await storedMail()).find((m) => m.to === who.email);
  expect(received?.subject).toBe(`Pharmacy Champions: we have received your application (${reference})`);

  const [stored] = (await storedApplications()).filter((a) => a.email === who.email);
  expect(stored).toBeDefined();
  expect(stored!.answers).toMatchObject({
    email: who.email,
    firstName: 'Anna Maria',
    lastName: "O'Neill",
    professionalRegistrationNumber: who.registrationNumber,
    areYouLocum: 'no',
    whereDidYouFindOutAboutUs: 'email',
    placeId: 'fixture:uk:001',
    address: '84 Bold Street, Liverpool L1 4DJ, United Kingdom',
    whereYouWork: 'Bold Street Chemist',
    isChecked: true,
    haveYouCompleted: 'yes',
    additionalTrainingNotes: 'Macmillan cancer module, 2024',
    anythingElseAboutYou: 'I speak Italian and Polish.',
    agreementCheck1: true,
    agreementCheck5: true,
    appStoreCountry: 'uk',
    formLanguage: 'en',
  });
  expect(stored!.answers.lat).toBeCloseTo(53.439751, 5);
  expect(stored!.answers).not.toHaveProperty('bodyOfRegistration');
  expect(stored!.answers).not.toHaveProperty('howDidYouFindAboutTheProgram');
  expect(stored!.answers).not.toHaveProperty('completedAdditionalTraining');
  expect(stored!.photo).toMatch(/\.jpg$/);

  // The photo is served re-encoded, without the GPS position the phone wrote into it; until the
  // application is approved only through the applicant's edit link, and never cached.
  expect((await page.request.get(`/files/photos/${stored!.photo}`)).status()).toBe(401);
  const editToken = await editTokenByMail(who.email, '/uk');
  const served = await page.request.get(`/files/photos/${stored!.photo}?token=${encodeURIComponent(editToken)}`);
  expect(served.headers()['cache-control']).toBe('private, no-store');
  expect(served.ok()).toBe(true);
  const bytes = await served.body();
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
  expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
});

test('an applicant whose pharmacy is not in the places provider completes a UK application through the manual-address route, by keyboard', async ({ page }) => {
  const who = uniqueApplicant('manual');
  const photo = await jpegWithGps();
  await page.goto('/uk/form');
  await tabTo(page, page.getByRole('button', { name: 'Got it' }));
  await page.keyboard.press('Enter');

  await typeInto(page, '#email', who.email);
  await typeInto(page, '#firstName', 'Priya');
  await typeInto(page, '#lastName', 'Shah');
  await typeInto(page, '#professionalRegistrationNumber', who.registrationNumber);
  await tabTo(page, 'input[name=areYouLocum]');
  await page.keyboard.press('ArrowRight');
  await tabTo(page, 'input[name=whereDidYouFindOutAboutUs]');
  await page.keyboard.press('Space');
  await chooseFileByKeyboard(page, 'input[type=file]#photo', photo);
  await expect(page.locator('input[name=photo]')).not.toHaveValue('', { timeout: 15_000 });

  // The offline provider does not know this pharmacy.
  await typeInto(page, '#placeId', 'Briggate Pharmacy');
  await expect(page.getByText('No results found').first()).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: "Can't find your pharmacy? Enter its address" }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Pharmacy address' })).toBeFocused();
  await page.keyboard.type('12 Briggate, Leeds LS1 6HD');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'the pin is in the centre of Leeds' })).toBeVisible();
  await expect(page.locator('.pc-manual-address .leaflet-marker-icon')).toBeVisible();
  await expectNoAxeViolations(page); // the open panel, its map and message
  await tabTo(page, page.getByRole('button', { name: 'Use this position' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('input[name=placeId]')).toHaveValue(/^manual:[0-9a-f]{32}$/);
  await expect(page.getByText('Chosen: 12 Briggate, Leeds LS1 6HD')).toBeVisible();
  await expect(page.locator('#whereYouWork')).toHaveValue(''); // the applicant names the pharmacy

  await typeInto(page, '#whereYouWork', 'Briggate Community Pharmacy');
  await tick(page, '#isChecked');
  await tick(page, '#haveYouCompleted');
  await page.keyboard.press('ArrowDown'); // a completed course: no notes needed
  await expect(page.locator('#haveYouCompleted-yes2')).toBeChecked();
  for (const n of [1, 2, 3, 4, 5]) await tick(page, `#agreementCheck${n}`);
  await solveBotCheck(page);
  await tabTo(page, 'button[type=submit]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uk\/thank-you$/);

  const [stored] = (await storedApplications()).filter((a) => a.email === who.email);
  expect(stored!.answers).toMatchObject({
    placeId: expect.stringMatching(/^manual:[0-9a-f]{32}$/),
    address: '12 Briggate, Leeds LS1 6HD',
    lat: 53.8008,
    lng: -1.5491,
    whereYouWork: 'Briggate Community Pharmacy',
  });
});

/** Fills the UK form quickly (not the keyboard journey: that is the test above). */
async function fillUkForm(page: Page, who: { email: string; registrationNumber: string }, place = 'Lark Lane') {
  await page.locator('#email').fill(who.email);
  await page.locator('#firstName').fill('Sam');
  await page.locator('#lastName').fill('Jones');
  await page.locator('#professionalRegistrationNumber').fill(who.registrationNumber);
  await page.locator('#areYouLocum').check();
  await page.locator('#whereDidYouFindOutAboutUs-colleague').check();
  await page.locator('#placeId').fill(place);
  await page.getByRole('option').first().click();
  await page.locator('#whereYouWork').fill('Lark Lane Chemist');
  await page.locator('#isChecked').check();
  await page.locator('#haveYouCompleted-yes2').check();
  for (const n of [1, 2, 3, 4, 5]) await page.locator(`#agreementCheck${n}`).check();
  await solveBotCheckQuickly(page);
}

async function solveBotCheckQuickly(page: Page) {
  await page.locator('altcha-widget input[type=checkbox]').press('Space');
  await expect(page.locator('input[name=recaptchaToken]')).not.toHaveValue('', { timeout: 20_000 });
}

test.describe('refusals', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/uk/form');
    await acceptEssentialCookies(page);
  });

  test('the same e-mail or registration number again is refused with the specification messages', async ({ page }) => {
    const first = uniqueApplicant('dup');
    await fillUkForm(page, first);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page).toHaveURL(/thank-you/);
    const before = (await storedApplications()).length;

    await page.goto('/uk/form');
    await fillUkForm(page, { email: first.email.toUpperCase(), registrationNumber: uniqueApplicant('other').registrationNumber });
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Sorry, that email is already registered.').first()).toBeVisible();

    await page.goto('/uk/form');
    await fillUkForm(page, { email: `new.${first.email}`, registrationNumber: first.registrationNumber });
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Sorry, that registrant number is already registered.').first()).toBeVisible();

    expect((await storedApplications()).length).toBe(before);
  });

  test('an unreachable server shows the error view and stores nothing', async ({ page }) => {
    const who = uniqueApplicant('offline');
    await fillUkForm(page, who);
    await page.route('**/api/save-pharmacist', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Sorry this service is temporarily unavailable')).toBeVisible();
    expect((await storedApplications()).some((a) => a.email === who.email)).toBe(false);
  });

  test('a server failure shows the error view', async ({ page }) => {
    await fillUkForm(page, uniqueApplicant('failure'));
    await page.route('**/api/save-pharmacist', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Sorry this service is temporarily unavailable')).toBeVisible();
  });

  test('photos that are too big, not images, or disguised are refused', async ({ page }) => {
    const input = page.locator('input[type=file]#photo');
    await input.setInputFiles(fileWith('huge.jpg', Buffer.alloc(6 * 1024 * 1024, 0xff)));
    await expect(page.locator('#photo-error')).toContainText('Sorry that file is too big. Please try again.');

    await input.setInputFiles(fileWith('page.html', '<html><body>hi</body></html>'));
    await expect(page.locator('#photo-error')).toContainText('Wrong file format! Only images!');

    await input.setInputFiles(fileWith('document.jpg', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')));
    await expect(page.locator('#photo-error')).toContainText('Wrong file format! Only images!');
    await expect(page.locator('input[name=photo]')).toHaveValue('');
  });
});

test('a reviewer edit link reopens the application prefilled, and submitting updates it', async ({ page }) => {
  const who = uniqueApplicant('edit');
  await page.goto('/uk/form');
  await acceptEssentialCookies(page);
  await fillUkForm(page, who);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/thank-you/);
  const [original] = (await storedApplications()).filter((a) => a.email === who.email);
  const editToken = await editTokenByMail(who.email, '/uk');

  await page.goto(`/uk/pharmacist/edit/${editToken}`);
  await expect(page).toHaveURL(new RegExp(`/uk/form\\?pharmacistId=${editToken}$`));
  await expect(page.locator('#email')).toHaveValue(who.email);
  await expect(page.locator('#professionalRegistrationNumber')).toHaveValue(who.registrationNumber);
  await expect(page.locator('#haveYouCompleted-yes2')).toBeChecked();
  await expect(page.locator('#whereYouWork')).toHaveValue('Lark Lane Chemist');

  await page.locator('#lastName').fill('Jones-Smith');
  for (const n of [1, 2, 3, 4, 5]) await page.locator(`#agreementCheck${n}`).check();
  await page.locator('#isChecked').check();
  await solveBotCheckQuickly(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/thank-you/);

  const matching = (await storedApplications()).filter((a) => a.email === who.email);
  expect(matching).toHaveLength(1);
  expect(matching[0]!.id).toBe(original!.id);
  expect(matching[0]!.lastName).toBe('Jones-Smith');
});

test('unknown pages show the not-found view; unknown API paths answer 404', async ({ page }) => {
  await page.goto('/uk/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  const api = await page.request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ status: 'failed' });
});

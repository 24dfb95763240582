// The sales rep in Italian (issue 12 items 5, 6, 8; the visits themselves are in the field force's
// journey, area-manager.spec.ts): an update made offline is sent once when the connection
// returns, even across a reload; every /rep page passes axe at desktop width and at 390 px. The
// rep's day (issue 24 item 3): the list in visit order with the visits due, by distance on
// request, the map, and the visit form's last visits.
import { fieldToday } from '../src/shared/visit-due.ts';
import { expect, expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, tabTo, test } from './support/fixtures.ts';
import { callEntriesOf, inspect, openPharmacy, repWithPharmacies, saveVisit, signInRep } from './support/rep.ts';

/** An area manager and their rep, with one pharmacy assigned to the rep. */
async function repWithPharmacy(name: string, place: { placeId: string; lat: number; lng: number }) {
  const { rep, ids } = await repWithPharmacies([{ name, place }]);
  return { rep, pharmacyId: ids.get(name)! };
}

const signIn = signInRep;
const entriesOf = callEntriesOf;

test('an update made offline is kept, shown as waiting, and sent once when the connection returns, even after a reload', async ({ page, context }) => {
  const { rep, pharmacyId } = await repWithPharmacy('Farmacia Senza Campo', { placeId: 'fixture:it:003', lat: 41.895166, lng: 12.537256 });
  const home = await signIn(page, rep);
  await openPharmacy(page, 'Farmacia Senza Campo');
  await page.getByRole('radio', { name: 'Appuntamento fissato' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('6');

  await context.setOffline(true);
  await saveVisit(page, 'Visita salvata su questo dispositivo');
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await expect(page.getByText(/1 aggiornamento fatto senza connessione è in attesa di invio/)).toBeVisible();
  expect(await entriesOf(pharmacyId)).toEqual([]);

  // The page cannot even load again while offline; the update stays in the browser.
  await page.reload().catch(() => undefined);
  await context.setOffline(false);
  await page.goto(home);

  await expect.poll(async () => (await entriesOf(pharmacyId)).length, { timeout: 20_000 }).toBe(1);
  const row = page.getByRole('listitem').filter({ hasText: 'Farmacia Senza Campo' });
  await expect(row).toContainText('Esito finora: Appuntamento fissato');
  await expect(page.getByText(/in attesa di invio/)).toHaveCount(0);
  // Nothing is sent a second time, whatever happens next.
  await page.reload();
  await expect(row).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(500);
  expect(await entriesOf(pharmacyId)).toEqual([expect.objectContaining({ callFlag: 'appointment_scheduled', month: 6 })]);
});

for (const width of [1280, 390]) {
  test(`every /rep page has no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { rep, pharmacyId } = await repWithPharmacy(`Farmacia Accessibile ${width}`, {
      placeId: `fixture:it:00${width === 1280 ? 4 : 5}`,
      lat: 41.87,
      lng: 12.49,
    });
    await signIn(page, rep);
    await expectNoAxeViolations(page);
    await openPharmacy(page, `Farmacia Accessibile ${width}`);
    await page.getByRole('radio', { name: 'Ha aderito a Unify' }).check();
    await page.getByRole('button', { name: 'Aggiungi un altro farmacista' }).click();
    await expectNoAxeViolations(page);
    await page.goto(`/it/rep/form?pharmacyId=${pharmacyId}`);
    await page.getByRole('radio', { name: 'Non interessata' }).check();
    await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('1');
    await saveVisit(page);
    await expectNoAxeViolations(page);
    for (const [path, heading] of [
      ['/it/rep/privacy-policy', /privacy/i],
      ['/it/rep/terms-and-conditions', /termini/i],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

/** A day `days` from today in Rome (YYYY-MM-DD), and how the list says it ("3 novembre"). */
function dayFromToday(days: number) {
  const [y, m, d] = fieldToday().split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days, 12));
  const iso = day.toISOString().slice(0, 10);
  const words = new Intl.DateTimeFormat('it', {
    day: 'numeric',
    month: 'long',
    ...(iso.slice(0, 4) === String(y) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(day);
  return { iso, words, elided: [1, 8, 11].includes(day.getUTCDate()) };
}

test("the rep's day: visits due first, the count of those due, nearest first on request, the map, and the last visits on the form", async ({
  page,
  context,
}) => {
  const tag = `${Date.now() % 1_000_000}.day`;
  const manager = `am.${tag}@example.it`;
  const rep = `rep.${tag}@example.it`;
  await inspect('/staff', { email: manager, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' });
  await inspect('/staff', { email: rep, firstName: 'Luca', lastName: 'Bianchi', role: 'sales_rep', areaManagerEmail: manager });
  const pharmacy = async (name: string, place: { lat: number; lng: number } | null) =>
    (
      await inspect<{ id: string }>('/field-pharmacies', {
        areaManagerEmail: manager,
        repEmail: rep,
        name,
        fullAddress: `${name}, 00186 Roma RM`,
        place: place ? { placeId: `e2e:day:${tag}:${name}`, ...place } : undefined,
      })
    ).id;
  const overdue = dayFromToday(-10);
  const upcoming = dayFromToday(12);
  const today = dayFromToday(0);
  // Two due today, one far (Milan) and one near (Rome); one overdue; one later; one never visited, without a position.
  const late = await pharmacy('Farmacia Zanardelli', { lat: 41.9, lng: 12.47 });
  const milan = await pharmacy('Farmacia Brera', { lat: 45.472, lng: 9.188 });
  const rome = await pharmacy('Farmacia Colosseo', { lat: 41.89, lng: 12.492 });
  const later = await pharmacy('Farmacia Aventino', { lat: 41.88, lng: 12.48 });
  await pharmacy('Farmacia Nuova', null);
  const visits = (entries: { daysAgo: number; callFlag: string; note?: string; nextVisit?: string }[]) =>
    entries.map((e) => ({
      at: new Date(Date.now() - e.daysAgo * 86_400_000).toISOString(),
      callFlag: e.callFlag,
      month: 3,
      note: e.note,
      nextVisit: e.nextVisit,
    }));
  await inspect('/call-entries', {
    pharmacyId: late,
    byEmail: rep,
    entries: visits(
      [6, 5, 4, 3, 2, 1].map((daysAgo, i) => ({
        daysAgo: daysAgo + 20,
        callFlag: 'interested_but_requires_another_visit',
        note: `Nota ${i + 1}`,
        nextVisit: i === 5 ? overdue.iso : undefined,
      })),
    ),
  });
  await inspect('/call-entries', {
    pharmacyId: milan,
    byEmail: rep,
    entries: visits([{ daysAgo: 7, callFlag: 'appointment_scheduled', nextVisit: today.iso }]),
  });
  await inspect('/call-entries', { pharmacyId: rome, byEmail: rep, entries: visits([{ daysAgo: 7, callFlag: 'joined_unify', nextVisit: today.iso }]) });
  await inspect('/call-entries', {
    pharmacyId: later,
    byEmail: rep,
    entries: visits([{ daysAgo: 2, callFlag: 'appointment_scheduled', nextVisit: upcoming.iso }]),
  });

  const home = await signIn(page, rep);
  const list = page.getByRole('list', { name: 'Farmacie assegnate' });
  const names = () => list.locator('.staff-list__name').allTextContents();
  await expect(page.getByText('Visite da fare: 3 (1 in ritardo, 2 oggi)')).toBeVisible();
  expect(await names()).toEqual(['Farmacia Zanardelli', 'Farmacia Brera', 'Farmacia Colosseo', 'Farmacia Aventino', 'Farmacia Nuova']);
  const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  await expect(row('Farmacia Zanardelli')).toContainText(`In ritardo ${overdue.elided ? "dall'" : 'dal '}${overdue.words}`);
  await expect(row('Farmacia Brera')).toContainText('Da visitare oggi');
  await expect(row('Farmacia Aventino')).toContainText(`Prossima visita: ${upcoming.words}`);
  await expect(row('Farmacia Nuova')).toContainText('Nessuna prossima visita in programma');

  // Nearest first among those due today, once the rep asks; the overdue one stays first.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 41.8902, longitude: 12.4922 });
  // The position stays on the phone (issue 42 item 7): no request carries it.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.url()} ${request.postData() ?? ''}`));
  await page.getByRole('button', { name: 'Ordina per distanza dalla mia posizione' }).click();
  await expect(page.getByText("A parità di scadenza, le farmacie più vicine a Lei sono in cima all'elenco.")).toBeVisible();
  await expect.poll(names).toEqual(['Farmacia Zanardelli', 'Farmacia Colosseo', 'Farmacia Brera', 'Farmacia Aventino', 'Farmacia Nuova']);
  expect(requests.filter((sent) => /41\.890|12\.492|[?&]lat=/.test(sent))).toEqual([]);
  await expect(row('Farmacia Brera')).toContainText(/A 4\d\d(,\d)? km da Lei/);

  // The map, on demand, with its legend in words; the pharmacy without a position stays in the list.
  await page.getByText('Mappa delle farmacie', { exact: true }).click();
  await expect(
    page.getByRole('region', { name: "Mappa delle farmacie assegnate, colorate secondo l'esito dell'ultima visita" }).locator('.leaflet-container'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legenda della mappa' }).getByRole('listitem')).toHaveText([
    'Appuntamento fissato (2)',
    "Interessata, ma serve un'altra visita (1)",
    'Ha aderito a Unify (1)',
  ]);
  await expect(page.getByText("1 farmacia senza posizione non è sulla mappa: la trova nell'elenco.")).toBeVisible();
  // No keyboard trap: from the map's summary, Tab passes the map and reaches the list.
  await page.getByText('Mappa delle farmacie', { exact: true }).focus();
  await tabTo(page, list.getByRole('link', { name: 'Modifica Farmacia Zanardelli' }), { max: 12 });
  await expectNoAxeViolationsAtBothWidths(page);

  // The visit form: the last five visits, newest first, above the visit.
  await openPharmacy(page, 'Farmacia Zanardelli');
  const history = page.locator('.visit-history');
  await expect(history.getByRole('heading', { level: 2, name: 'Ultime visite' })).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(5);
  await expect(history.locator('.visit-history__note')).toHaveText(['Nota 6', 'Nota 5', 'Nota 4', 'Nota 3', 'Nota 2']);
  await expect(history.getByRole('listitem').first()).toContainText("Interessata, ma serve un'altra visita");
  await expect(history.getByRole('listitem').first()).toContainText('Luca Bianchi');
  await expectNoAxeViolationsAtBothWidths(page);

  await page.goto(home);
  await openPharmacy(page, 'Farmacia Nuova');
  await expect(page.locator('.visit-history')).toContainText('Nessuna visita registrata');
});

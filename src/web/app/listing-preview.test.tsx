// The applicant's "how patients will see you" (issue 25 item 6) is the finder's own card: the same
// answers rendered by the finder (as the server projects them, listingCardOf) and by the form's
// preview give the same card. The single pages show it above Submit, the three steps on step 3.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { FORMS } from '#shared/forms/catalogue.ts';
import { listingCardOf } from '#shared/listing.ts';
import type { Country } from '#shared/markets.ts';
import { FINDER_PAGE_SIZE, type FinderPharmacy } from '#shared/schemas/finder.ts';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { axeViolations } from '../test/axe.ts';
import { FinderPage } from '../features/finder/finder-page.tsx';
import { APPLICANT_SECTIONS } from '../forms/applicant-sections.tsx';
import { FormPage } from '../forms/form-page.tsx';
import { StepsApplicationPage } from '../forms/steps-application-page.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const ANSWERS = {
  email: 'priya@example.com',
  firstName: 'Priya',
  lastName: 'Shah',
  placeId: 'place-boots',
  lat: 53.4025,
  lng: -2.9805,
  address: '1 Bold Street, Liverpool L1 4DJ',
  whereYouWork: 'Boots Bold Street',
  services: 'Flu jabs, Blood pressure checks; Stop smoking',
  anythingElseAboutYou: 'Ten years in community pharmacy.',
  photo: 'a1b2c3d4e5f6a7b8c9d0e1f2.jpg',
  photoId: 'f1',
};

function keep(answers: Record<string, unknown>, country: Country, meta: Record<string, unknown> = {}) {
  sessionStorage.setItem(`pc.apply.${country}`, JSON.stringify({ answers, meta }));
}

/** A card's markup with what only differs by where it is shown left out: the ids, the link on the name, the finder's distance. */
function cardMarkup(card: HTMLElement): string {
  const copy = card.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.finder__distance').forEach((node) => node.remove());
  return copy.outerHTML.replace(/ (id|aria-labelledby)="[^"]*"/g, '').replace(/<a [^>]*>|<\/a>/g, '');
}

/** The preview loads after the form's first paint. */
const preview = () => screen.findByRole('region', { name: 'How patients will see you' });

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the listing preview', () => {
  it('is the finder’s card for the same answers', async () => {
    // The finder, answering the listing as the server projects these answers.
    const listing: FinderPharmacy = { id: 'l1', ...listingCardOf(ANSWERS), lat: ANSWERS.lat, lng: ANSWERS.lng, distanceKm: 0.4, market: 'uk' };
    stubApi({ '/api/v1/finder/pharmacies': () => json({ status: 'ok', data: [listing], total: 1, page: 1, pageSize: FINDER_PAGE_SIZE }) });
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 53.4, longitude: -2.98 } } as GeolocationPosition) },
      configurable: true,
    });
    await renderInSite(<FinderPage />, { route: '/finder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    const finderCard = await screen.findByRole('article', { name: 'Boots Bold Street' });
    const inFinder = cardMarkup(finderCard);
    cleanup();

    // The UK form with the same answers.
    keep(ANSWERS, 'uk');
    stubApi();
    await renderInSite(<FormPage form={FORMS['apply-uk']} sections={APPLICANT_SECTIONS} />, { route: '/form' });
    const previewCard = await within(await preview()).findByRole('article', { name: 'Boots Bold Street' });
    expect(cardMarkup(previewCard)).toBe(inFinder);
    // What the card shows: the photo, the first name, the pharmacy, the services as chips, the text for patients.
    expect(within(previewCard).getByRole('img', { name: 'Photo of Priya' })).toHaveAttribute('src', '/files/photos/a1b2c3d4e5f6a7b8c9d0e1f2.jpg');
    expect(within(previewCard).getByText('Cancer champion: Priya')).toBeInTheDocument();
    expect(
      within(within(previewCard).getByRole('list', { name: 'Services' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Flu jabs', 'Blood pressure checks', 'Stop smoking']);
    expect(within(previewCard).getByText('Ten years in community pharmacy.')).toBeInTheDocument();
  });

  it('sits above Submit on the single page and follows the answers as they are typed', async () => {
    keep({ ...ANSWERS, anythingElseAboutYou: '' }, 'uk');
    stubApi();
    await renderInSite(<FormPage form={FORMS['apply-uk']} sections={APPLICANT_SECTIONS} />, { route: '/form' });
    const region = await preview();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    expect(region.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await within(region).findByRole('article');

    await userEvent.type(screen.getByRole('textbox', { name: /anything else/i }), 'Happy to talk.');
    expect(await within(region).findByText('Happy to talk.')).toBeInTheDocument();
    const firstName = screen.getByRole('textbox', { name: /first name/i });
    await userEvent.clear(firstName);
    expect(await within(region).findByText('Cancer champion: your first name')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /pharmacy name/i }));
    expect(await within(region).findByRole('heading', { name: "Your pharmacy's name" })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks Italian on the Italian single page', async () => {
    keep(ANSWERS, 'it');
    stubApi();
    await renderInSite(<FormPage form={FORMS['apply-it']} sections={APPLICANT_SECTIONS} />, { country: 'it', route: '/form' });
    const region = await screen.findByRole('region', { name: 'Come La vedranno i pazienti' });
    expect(await within(region).findByText('Farmacista di riferimento: Priya')).toBeInTheDocument();
    expect(within(region).getByRole('list', { name: 'Servizi' })).toBeInTheDocument();
  });

  it('shows on step 3 of the three steps, from the answers of step 1', async () => {
    keep(
      { ...ANSWERS, haveYouCompleted: 'yes', bodyOfRegistration: 'Apothekerkammer Berlin', professionalRegistrationNumber: '12345', isChecked: true },
      'de',
      { certificate: { name: 'zertifikat.pdf', size: 1000, type: 'application/pdf' } },
    );
    stubApi();
    await renderInSite(
      <Routes>
        <Route path="/form/3" element={<StepsApplicationPage step={3} />} />
      </Routes>,
      { country: 'de', route: '/form/3' },
    );
    const region = await screen.findByRole('region', { name: 'So sehen Patientinnen und Patienten Sie' });
    const card = await within(region).findByRole('article', { name: 'Boots Bold Street' });
    expect(within(card).getByText('Ansprechperson: Priya')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Foto von Priya' })).toBeInTheDocument();
    expect(region.compareDocumentPosition(screen.getByRole('button', { name: /absenden/i })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});

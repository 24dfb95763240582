// Issue 41 item 5: the status page offers the applicant's copy of their answers (a PDF) through
// the link's own token, worded in the page's language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Country } from '#shared/markets.ts';
import type { MyApplicationStatus } from '#shared/schemas/my-application.ts';
import { renderInSite } from '../../test/render.tsx';
import { json, stubApi } from '../../test/api-stub.tsx';
import { axeViolations } from '../../test/axe.ts';
import { MyApplicationPage } from './my-application-page.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const SUBMITTED: MyApplicationStatus = { status: 'submitted', reference: 'PC-7K3M9Q', submittedAt: '2026-11-02T10:00:00Z', decidedAt: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderStatus(answer: MyApplicationStatus, country: Country) {
  stubApi({ [`/api/my-application/${TOKEN}`]: () => json({ status: 'ok', data: answer }) });
  return renderInSite(
    <Routes>
      <Route path="/my-application/:token" element={<MyApplicationPage />} />
    </Routes>,
    { country, route: `/my-application/${TOKEN}` },
  );
}

describe('/my-application/{token}: the copy of the answers', () => {
  it.each([
    ['uk', 'Download a copy of your answers (PDF)'],
    ['it', 'Scarica una copia delle Sue risposte (PDF)'],
    ['de', 'Kopie Ihrer Angaben herunterladen (PDF)'],
  ] as const)('links the PDF of the %s applicant by the status token', async (country, name) => {
    await renderStatus(SUBMITTED, country);
    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('href', `/api/my-application/${TOKEN}/copy`);
    expect(link).toHaveAttribute('download');
    expect(await axeViolations()).toEqual([]);
    cleanup();
  });

  it('offers no copy for an application from before references were given out', async () => {
    await renderStatus({ ...SUBMITTED, reference: null }, 'uk');
    await screen.findByRole('heading', { level: 1, name: 'Your application' });
    expect(screen.queryByRole('link', { name: /copy of your answers/ })).toBeNull();
  });
});

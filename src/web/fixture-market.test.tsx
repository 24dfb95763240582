// The fixture market (decision 0080) in the browser: one table entry and its files, and the
// applicant's form and the legal pages speak its language. The fixture must be the first import.
import { FIXTURE, FIXTURE_MARKER } from '#shared/test/fixture-market.ts';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { parseStep } from '#shared/registration/journey.ts';
import { renderInSite } from './test/render.tsx';
import { StepsApplicationPage } from './forms/steps-application-page.tsx';
import { PrivacyPolicyPage } from './features/legal/privacy-policy-page.tsx';
import { TermsPage } from './features/legal/terms-page.tsx';
import { Footer } from './features/layout/footer.tsx';

vi.mock('./components/altcha-widget.tsx', async () => (await import('./test/fakes.tsx')).fakeAltchaModule);
vi.mock('./components/leaflet-map.tsx', async () => (await import('./test/fakes.tsx')).fakeLeafletModule);
vi.mock('./lib/solve-bot-check.ts', () => ({ solveBotCheck: async () => 'solution' }));

const marked = (text: string) => new RegExp(`^${FIXTURE_MARKER}${text}`);

function Step() {
  const step = parseStep(useParams().step);
  return step ? <StepsApplicationPage key={step} step={step} /> : null;
}

describe('the fixture market in the browser', () => {
  it("serves the applicant its own language's form", async () => {
    await renderInSite(
      <Routes>
        <Route path="/form/:step" element={<Step />} />
      </Routes>,
      { country: FIXTURE, route: '/form/1' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: marked('') })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: marked('First name') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: marked('Next') })).toBeInTheDocument();
  });

  it('links its legal pages from the footer, in its language', async () => {
    await renderInSite(<Footer />, { country: FIXTURE });
    const links = within(screen.getByRole('navigation', { name: marked('') })).getAllByRole('link');
    expect(links.slice(0, 3).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [`${FIXTURE_MARKER}Privacy and cookies policy`, '/privacy-policy'],
      [`${FIXTURE_MARKER}Terms and conditions`, '/terms-and-conditions'],
      [`${FIXTURE_MARKER}Accessibility statement`, '/accessibility'],
    ]);
  });

  it.each([
    ['privacy policy', '/privacy-policy', <PrivacyPolicyPage key="p" />, 'Privacy and cookies policy'],
    ['terms', '/terms-and-conditions', <TermsPage key="t" />, 'Terms and conditions'],
  ])('shows its %s: its own words and its own text', async (_name, route, page, title) => {
    await renderInSite(page, { country: FIXTURE, route, settle: true });
    expect(await screen.findByRole('heading', { level: 1, name: marked(title) })).toBeInTheDocument();
    const text = document.querySelector('.legal__text')!;
    expect(text.querySelector('h2')?.textContent).toMatch(marked(''));
    expect(text).toHaveTextContent('Example Health Ltd');
  });
});

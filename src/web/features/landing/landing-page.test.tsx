import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render.tsx';
import { LandingPage } from './landing-page.tsx';

afterEach(cleanup);

describe('LandingPage', () => {
  it('shows the UK welcome: two steps, ten numbered commitments and Continue to /form', async () => {
    await renderInSite(<LandingPage />, { country: 'uk' });
    expect(screen.getByRole('heading', { level: 1, name: 'Become a cancer champion' })).toBeInTheDocument();
    expect(screen.getByText(/decision in about 4 weeks/)).toBeInTheDocument();
    expect(screen.getByText(/about 5 minutes/)).toBeInTheDocument();

    const steps = within(screen.getByRole('region', { name: 'How to apply' })).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveTextContent(/^1\s*Complete the free oncology training course/);
    expect(steps[1]).toHaveTextContent(/^2\s*Complete this form and sign the Charter/);

    const charter = screen.getByRole('list', { name: 'The Cancer Champion Charter' });
    const commitments = within(charter).getAllByRole('listitem');
    expect(commitments).toHaveLength(10);
    commitments.forEach((item, index) => {
      expect(item).toHaveTextContent(new RegExp(`^${index + 1}\\D`));
      expect(item.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    });

    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/form');
    expect(document.title).toBe('Pharmacy Champions Registration');
  });

  it('keeps ?lang= on Continue', async () => {
    await renderInSite(<LandingPage />, { country: 'uk', language: 'de', route: '/?lang=de' });
    expect(screen.getByRole('link', { name: 'Weiter' })).toHaveAttribute('href', '/form/1?lang=de');
  });

  it('shows the Italian network text and Continue to /form', async () => {
    await renderInSite(<LandingPage />, { country: 'it' });
    expect(document.querySelector('.landing__lead')).toHaveTextContent(/come farmacia della rete, dopo che avrà completato il corso Oncodemia/);
    expect(screen.getByRole('link', { name: 'Continua' })).toHaveAttribute('href', '/form');
    expect(screen.queryByRole('list', { name: /Carta/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Pharmacy Champions Italia');
  });

  it('shows the German start page: two steps, the training note and Continue to /form/1', async () => {
    await renderInSite(<LandingPage />, { country: 'de' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Als onkologisch qualifizierte Apotheke sichtbar werden');
    expect(within(screen.getByRole('region', { name: 'So bewerben Sie sich' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/erst bewerben, wenn Sie die Fortbildung vollständig abgeschlossen haben/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weiter' })).toHaveAttribute('href', '/form/1');
  });

  it.each([
    ['de', 'Die Charta: 10 Selbstverpflichtungen', /^1\s*Ich schließe die Onkologie-Fortbildung ab/],
    ['en', 'The Charter: 10 commitments', /^1\s*Complete the oncology training/],
    ['it', 'La Carta dei 10 impegni', /^1\s*Completare la formazione oncologica/],
  ] as const)('shows the ten charter commitments on the German landing page (%s)', async (language, heading, first) => {
    await renderInSite(<LandingPage />, { country: 'de', language });
    const commitments = within(screen.getByRole('list', { name: heading })).getAllByRole('listitem');
    expect(commitments).toHaveLength(10);
    expect(commitments[0]).toHaveTextContent(first);
    expect(screen.queryByText(/cancer champion/i)).not.toBeInTheDocument();
  });

  it('names the training course without a link when the market has no course URL', async () => {
    for (const country of ['uk', 'it', 'de'] as const) {
      await renderInSite(<LandingPage />, { country });
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([country === 'de' ? '/form/1' : '/form']);
      cleanup();
    }
  });

  it.each([
    ['uk', 'en', 'oncology training course'],
    ['it', 'it', 'corso Oncodemia'],
    ['de', 'de', 'Onkologie-Fortbildung'],
    ['de', 'en', 'oncology training course'],
  ] as const)("links the course name to the market's course URL (%s, %s)", async (country, language, name) => {
    const courseUrl = `https://course.example.org/${country}`;
    await renderInSite(<LandingPage />, { country, language, site: { courseUrl } });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', courseUrl);
  });
});

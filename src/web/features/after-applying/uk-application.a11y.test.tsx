// Accessibility rules axe can check in jsdom (colour contrast needs a real browser: see e2e).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../../test/render.tsx';
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage } from '../../forms/form-page.tsx';
import { APPLICANT_SECTIONS } from '../../forms/applicant-sections.tsx';

const UkFormPage = () => <FormPage form={FORMS['apply-uk']} sections={APPLICANT_SECTIONS} />;
import { ThankYouPage } from './thank-you-page.tsx';
import { stubApi } from '../../test/api-stub.tsx';
import { axeViolations } from '../../test/axe.ts';

vi.mock('../../components/altcha-widget.tsx', async () => (await import('../../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../../components/leaflet-map.tsx', async () => (await import('../../test/fakes.tsx')).fakeLeafletModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const violations = () => axeViolations({ partOfPage: true });

describe('UK form accessibility', () => {
  it('has no axe violations, before and after a failed submit', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderInSite(<UkFormPage />, { route: '/form' });
    await screen.findByRole('button', { name: /solve bot check/i });
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /other training/i }));
    await user.click(screen.getByRole('checkbox', { name: /google business profile/i }));
    await user.click(screen.getByRole('button', { name: /solve bot check/i }));
    for (const box of screen.getAllByRole('checkbox')) if (!(box as HTMLInputElement).checked) await user.click(box);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    await screen.findByRole('alert');
    expect(await violations()).toEqual([]);
  });

  it('thank-you page has no axe violations', async () => {
    await renderInSite(<ThankYouPage />);
    expect(await violations()).toEqual([]);
  });
});

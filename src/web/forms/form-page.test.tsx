// The form's body is memoised (decision 0039): react-hook-form's own renders of the page (when it
// is ready, after a failed attempt) do not go through every section again; each field follows its
// own error.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORMS } from '#shared/forms/catalogue.ts';
import { renderInSite } from '../test/render.tsx';
import { STEPS_SECTIONS } from './steps-sections.tsx';
import { FormPage } from './form-page.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

describe('the form page', () => {
  it('renders a section once when the form opens, and not again when react-hook-form is ready or a step is refused', async () => {
    const RegistrationNumber = STEPS_SECTIONS['registration-number']!;
    let renders = 0;
    function Counted() {
      renders += 1;
      return <RegistrationNumber />;
    }
    const user = userEvent.setup();
    await renderInSite(<FormPage form={FORMS['apply-steps']} step={1} sections={{ ...STEPS_SECTIONS, 'registration-number': Counted }} />, {
      country: 'de',
      route: '/form/1',
    });
    await screen.findByRole('heading', { level: 1 });
    expect(renders).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // Each field shows its own error, the sections around it are not rendered again.
    await waitFor(() => expect(document.getElementById('email-error')).toHaveTextContent(/\S/));
    expect(renders).toBe(1);
  });
});

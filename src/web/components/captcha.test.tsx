import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../test/render.tsx';
import { Captcha } from './captcha.tsx';

vi.mock('./altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);

afterEach(cleanup);

describe('Captcha', () => {
  it('loads the widget lazily and reports its payload and its expiry', async () => {
    const onVerified = vi.fn();
    const onReset = vi.fn();
    const user = userEvent.setup();
    await renderInSite(<Captcha id="recaptchaToken" label="Bot check" verified={false} onVerified={onVerified} onReset={onReset} />);
    expect(screen.getByRole('group', { name: 'Bot check' })).toHaveAttribute('id', 'recaptchaToken');
    await user.click(await screen.findByRole('button', { name: 'Solve bot check' }));
    expect(onVerified).toHaveBeenCalledWith('altcha-payload');
    await user.click(screen.getByRole('button', { name: 'Expire bot check' }));
    expect(onReset).toHaveBeenCalled();
  });

  it('shows its error', async () => {
    await renderInSite(
      <Captcha id="recaptchaToken" label="Bot check" error="Complete the bot check" verified={false} onVerified={() => {}} onReset={() => {}} />,
    );
    expect(screen.getByRole('group', { name: 'Bot check' })).toHaveAccessibleDescription('Error: Complete the bot check');
  });
});

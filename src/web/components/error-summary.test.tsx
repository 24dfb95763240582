import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../test/render.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { TextInput } from './text-input.tsx';
import { Radios } from './radios.tsx';

afterEach(cleanup);

describe('ErrorSummary', () => {
  it('is an alert with a heading, takes focus, and links focus their fields', async () => {
    const user = userEvent.setup();
    await renderInSite(
      <>
        <ErrorSummary
          errors={[{ fieldId: 'email', message: 'Enter your email' }, { fieldId: 'locum', message: 'Select an option' }, { message: 'Service down' }]}
        />
        <TextInput name="email" label="Email" error="Enter your email" />
        <Radios
          name="locum"
          legend="Locum?"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          error="Select an option"
        />
      </>,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(within(summary).getByText('Service down')).toBeInTheDocument();
    const link = within(summary).getByRole('link', { name: 'Enter your email' });
    expect(link).toHaveAttribute('href', '#email');
    await user.click(link);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Select an option' }));
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
  });

  it('renders nothing without errors', async () => {
    await renderInSite(<ErrorSummary errors={[]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

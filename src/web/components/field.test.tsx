import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../test/render.tsx';
import { TextInput } from './text-input.tsx';
import { TextArea } from './text-area.tsx';
import { Radios } from './radios.tsx';
import { Checkbox } from './checkbox.tsx';

afterEach(cleanup);

describe('form fields', () => {
  it('ties label, hint and error to a text input', async () => {
    await renderInSite(<TextInput name="email" label="Email" hint="We write to you" error="Required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We write to you Error: Required');
  });

  it('has no error state without an error', async () => {
    await renderInSite(<TextInput name="email" label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('counts the characters left in a text area, limited to 250', async () => {
    const user = userEvent.setup();
    await renderInSite(<TextArea name="about" label="About you" />);
    const area = screen.getByRole('textbox', { name: 'About you' });
    expect(area).toHaveAttribute('maxlength', '250');
    expect(screen.getByText('You have 250 characters remaining')).toBeInTheDocument();
    await user.type(area, 'Hello');
    expect(screen.getByText('You have 245 characters remaining')).toBeInTheDocument();
    expect(area).toHaveAccessibleDescription('You can enter up to 250 characters');
  });

  it('groups radios in a fieldset with a legend and reveals conditional content', async () => {
    const user = userEvent.setup();
    function Harness() {
      return (
        <Radios
          name="training"
          legend="Training?"
          hint="Pick one"
          selected="a"
          options={[
            { value: 'a', label: 'A', conditional: <p>More about A</p> },
            { value: 'b', label: 'B' },
          ]}
        />
      );
    }
    await renderInSite(<Harness />);
    const group = screen.getByRole('group', { name: 'Training?' });
    expect(group).toHaveAccessibleDescription('Pick one');
    expect(screen.getByText('More about A')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'B' }));
    expect(screen.getByRole('radio', { name: 'B' })).toBeChecked();
  });

  it('labels a checkbox and shows its error', async () => {
    await renderInSite(<Checkbox name="agreementCheck1" label="I agree" error="Required" />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Error: Required');
  });
});

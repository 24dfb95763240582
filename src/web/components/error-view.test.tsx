import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInSite } from '../test/render.tsx';
import { ErrorView } from './error-view.tsx';
import { Spinner } from './spinner.tsx';

afterEach(cleanup);

describe('ErrorView', () => {
  it('says the service is unavailable and links home, keeping ?lang', async () => {
    await renderInSite(<ErrorView />, { route: '/form?lang=en' });
    expect(screen.getByRole('heading', { name: 'Sorry this service is temporarily unavailable' })).toHaveFocus();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/?lang=en');
  });

  it('shows a given message instead', async () => {
    await renderInSite(<ErrorView message="No pharmacies found" />);
    expect(screen.getByRole('heading', { name: 'No pharmacies found' })).toBeInTheDocument();
  });
});

describe('Spinner', () => {
  it('is a status with hidden text', async () => {
    await renderInSite(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});

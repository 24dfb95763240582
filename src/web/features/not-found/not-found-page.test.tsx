import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('says the page was not found, links home and sets the title', async () => {
    await renderInSite(<NotFoundPage />, { country: 'uk', route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found – Pharmacy Champions');
  });

  it('speaks Italian in Italy', async () => {
    await renderInSite(<NotFoundPage />, { country: 'it', route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeInTheDocument();
  });
});

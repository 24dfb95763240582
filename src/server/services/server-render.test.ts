// The URL a page is rendered for (decision 0054): the finder's pages drop every query parameter but lang.
import { describe, expect, it } from 'vitest';
import { renderUrlOf } from './server-render.ts';

const url = (path: string) => new URL(path, 'http://localhost');

describe('renderUrlOf', () => {
  it('renders and caches the finder pages without a point in their query, keeping the language', () => {
    expect(renderUrlOf('finder', url('/uk/finder?lat=51.4975123&lng=-0.1357456'))).toBe('/uk/finder');
    expect(renderUrlOf('finder', url('/uk/finder?lat=51.4975123&lang=it&lng=-0.1357456'))).toBe('/uk/finder?lang=it');
    expect(renderUrlOf('finderListing', url('/finder/5b0c1a43-5d1b-4a4f-9a52-1d1f0e5d2b7e?from=51.49,-0.13'))).toBe(
      '/finder/5b0c1a43-5d1b-4a4f-9a52-1d1f0e5d2b7e',
    );
  });

  it('keeps the query of a page that reads it (a form opened through an edit or draft link)', () => {
    expect(renderUrlOf('application', url('/uk/form?pharmacistId=abc&lang=en'))).toBe('/uk/form?pharmacistId=abc&lang=en');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richText } from './rich-text.tsx';

describe('richText', () => {
  it('puts each tag’s text in its element and keeps the rest as text', () => {
    const { container } = render(
      <p>
        {richText('Read our <terms>terms</terms> and our <privacy>privacy notice</privacy>.', { terms: <a href="/terms" />, privacy: <a href="/privacy" /> })}
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent('Read our terms and our privacy notice.');
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  });

  it('leaves a tag without an element, and any other markup, as plain text', () => {
    const { container } = render(<p>{richText('A <b>bold</b> <img src=x onerror=alert(1)> try', { ref: <strong /> })}</p>);
    expect(container.querySelector('p')).toHaveTextContent('A <b>bold</b> <img src=x onerror=alert(1)> try');
    expect(container.querySelector('b, img')).toBeNull();
  });
});

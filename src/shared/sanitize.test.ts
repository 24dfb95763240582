import { describe, expect, it } from 'vitest';
import { sanitizeName, stripMarkup } from './sanitize.ts';

describe('stripMarkup', () => {
  it('removes tags and keeps their text', () => {
    expect(stripMarkup('<b>Boots</b> <i>Pharmacy</i>')).toBe('Boots Pharmacy');
  });
  it('removes script and style blocks with their content', () => {
    expect(stripMarkup('Hi<script>alert(1)</script><style>p{}</style> there')).toBe('Hi there');
  });
  it('removes comments, stray angle brackets and control characters', () => {
    expect(stripMarkup(' a<!-- x -->b \u0000c > d < ')).toBe('ab c  d');
  });
  it('keeps line breaks and accents', () => {
    expect(stripMarkup('Città\nPerò')).toBe('Città\nPerò');
  });
  it('handles an unclosed tag', () => {
    expect(stripMarkup('ok <img src=x onerror=alert(1)')).toBe('ok');
  });
});

describe('sanitizeName', () => {
  it('folds white space', () => {
    expect(sanitizeName('  Anna   Maria\t')).toBe('Anna Maria');
  });
});

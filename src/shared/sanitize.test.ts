import { describe, expect, it } from 'vitest';
import { sanitizeName, stripMarkup } from './sanitize.ts';

describe('stripMarkup', () => {
  it('keeps <, > and & written as text', () => {
    expect(stripMarkup('ages <12 and >65')).toBe('ages <12 and >65');
    expect(stripMarkup("Boots & Co's <Central> Pharmacy")).toBe("Boots & Co's <Central> Pharmacy");
    expect(stripMarkup('a < b > c, x<y>z, 3 <= 4, <3 <Main> Street')).toBe('a < b > c, x<y>z, 3 <= 4, <3 <Main> Street');
    expect(stripMarkup('children <a year old')).toBe('children <a year old');
    expect(stripMarkup('Fish &amp; chips &lt;3')).toBe('Fish &amp; chips &lt;3');
  });
  it('removes tags and keeps their text', () => {
    expect(stripMarkup('<b>Boots</b> <i>Pharmacy</i>')).toBe('Boots Pharmacy');
    expect(stripMarkup('<P>Boots</P><BR/>x</x>')).toBe('Bootsx');
  });
  it('removes script and style blocks with their content', () => {
    expect(stripMarkup('Hi<script>alert(1)</script><style>p{}</style> there')).toBe('Hi there');
    expect(stripMarkup('<script>alert(1)</script>')).toBe('');
    expect(stripMarkup('<SCRIPT src=x>alert(1)</SCRIPT >ok')).toBe('ok');
  });
  it('removes tags of any name that carry attributes with values', () => {
    expect(stripMarkup('a<img src=x onerror=alert(1)>b')).toBe('ab');
    expect(stripMarkup('a<Central onmouseover="alert(1)">b')).toBe('ab');
    expect(stripMarkup('a<ImG/onerror=alert(1)>b')).toBe('ab');
    expect(stripMarkup('<svg onload=alert(1)>')).toBe('');
  });
  it('removes tags rebuilt from the halves of another', () => {
    expect(stripMarkup('<scr<b>ipt>alert(1)</script>')).toBe('');
    expect(stripMarkup('<<b>img src=x onerror=alert(1)>')).toBe('');
  });
  it('removes comments, declarations and control characters', () => {
    expect(stripMarkup(' a<!-- x -->b \u0000c <!DOCTYPE html><![CDATA[x]]><?xml version="1.0"?>d')).toBe('ab c d');
  });
  it('keeps line breaks and accents', () => {
    expect(stripMarkup('Città\nPerò')).toBe('Città\nPerò');
  });
  it('handles an unclosed tag with attributes', () => {
    expect(stripMarkup('ok <img src=x onerror=alert(1)')).toBe('ok');
  });
});

describe('sanitizeName', () => {
  it('folds white space', () => {
    expect(sanitizeName('  Anna   Maria\t')).toBe('Anna Maria');
  });
});

import { describe, expect, it } from 'vitest';
import { MONTHS, isMonth, monthName } from './months.ts';

describe('months', () => {
  it('runs from 1 to 12', () => {
    expect(MONTHS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('recognises whole numbers 1 to 12 only', () => {
    for (const m of MONTHS) expect(isMonth(m)).toBe(true);
    for (const v of [0, 13, 1.5, '3', null, Number.NaN]) expect(isMonth(v)).toBe(false);
  });

  it('names months in each market language', () => {
    expect(monthName(3, 'it-IT')).toBe('marzo');
    expect(monthName(3, 'de-DE')).toBe('März');
    expect(monthName(3, 'en-GB')).toBe('March');
    expect(monthName(1, 'it-IT')).toBe('gennaio');
    expect(monthName(12, 'it-IT')).toBe('dicembre');
  });
});

import { describe, expect, it } from 'vitest';
import { previousRomeDay, romeClock, weekAndMonthStart } from './rome-time.ts';

describe('Rome calendar', () => {
  it('starts the week on Monday and the month on the 1st, at midnight in Rome (winter: UTC+1)', () => {
    // Wednesday 3 December 2025, 00:30 in Rome (23:30 UTC the day before).
    const { weekStart, monthStart } = weekAndMonthStart(new Date('2025-12-02T23:30:00Z'));
    expect(weekStart.toISOString()).toBe('2025-11-30T23:00:00.000Z'); // Monday 1 December, 00:00 in Rome
    expect(monthStart.toISOString()).toBe('2025-11-30T23:00:00.000Z');
  });

  it('keeps summer time (UTC+2), and a Sunday belongs to the week that began on the Monday before', () => {
    // Sunday 6 July 2025, 23:00 in Rome.
    const { weekStart, monthStart } = weekAndMonthStart(new Date('2025-07-06T21:00:00Z'));
    expect(weekStart.toISOString()).toBe('2025-06-29T22:00:00.000Z'); // Monday 30 June
    expect(monthStart.toISOString()).toBe('2025-06-30T22:00:00.000Z'); // 1 July
  });

  it('names the day before in Rome, across the change to summer time', () => {
    // Monday 31 March 2025, 08:00 in Rome: the day before (Sunday 30 March) was 23 hours long.
    const day = previousRomeDay(new Date('2025-03-31T06:00:00Z'));
    expect(day).toEqual({ day: '2025-03-30', start: new Date('2025-03-29T23:00:00Z'), end: new Date('2025-03-30T22:00:00Z') });
    // 1 January, 00:30 in Rome: the day before is 31 December of the year before.
    expect(previousRomeDay(new Date('2025-12-31T23:30:00Z')).day).toBe('2025-12-31');
    expect(romeClock(new Date('2025-12-31T23:30:00Z'))).toEqual({ year: 2026, month: 1, day: 1, hour: 0 });
  });
});

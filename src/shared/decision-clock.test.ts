import { describe, expect, it } from 'vitest';
import { clockBounds, dayStart, decisionClock, isWorkingDay, marketDay } from './decision-clock.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);

describe('the decision clock', () => {
  it('is due 28 days after the submission: on track, due soon with 7 days or less left, overdue after the due day', () => {
    expect(decisionClock(daysAgo(22), 'uk', NOW)).toEqual({ dueBy: '2026-12-04', clock: 'due_soon', supportAfter: '2026-12-18', contactSupport: false });
    expect(decisionClock(daysAgo(29), 'uk', NOW)).toEqual({ dueBy: '2026-11-27', clock: 'overdue', supportAfter: '2026-12-11', contactSupport: false });
    expect(decisionClock(daysAgo(20), 'uk', NOW).clock).toBe('on_track');
    expect(decisionClock(daysAgo(21), 'uk', NOW).clock).toBe('due_soon');
    expect(decisionClock(daysAgo(28), 'uk', NOW).clock).toBe('due_soon');
  });

  it('tells the applicant to contact support past 42 days', () => {
    expect(decisionClock(daysAgo(42), 'it', NOW).contactSupport).toBe(false);
    expect(decisionClock(daysAgo(43), 'it', NOW).contactSupport).toBe(true);
  });

  it("counts calendar days in the market's time zone", () => {
    // 23:30 UTC on 1 November is still 1 November in London, already 2 November in Rome.
    const late = new Date('2026-11-01T23:30:00Z');
    expect(decisionClock(late, 'uk', NOW).dueBy).toBe('2026-11-29');
    expect(decisionClock(late, 'it', NOW).dueBy).toBe('2026-11-30');
    expect(marketDay(late, 'de')).toBe('2026-11-02');
    // Summer time: Berlin's midnight is 22:00 UTC the evening before.
    expect(dayStart('2026-07-01', 'de').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(dayStart('2026-11-02', 'uk').toISOString()).toBe('2026-11-02T00:00:00.000Z');
  });

  it('gives the same states as ranges of submission instants, for a query', () => {
    const { overdueBefore, dueSoonBefore } = clockBounds('it', NOW);
    for (let days = 0; days < 50; days++) {
      for (const hours of [0, 5, 11, 23]) {
        const at = new Date(daysAgo(days).getTime() - hours * 3600 * 1000);
        const ranged = at < overdueBefore ? 'overdue' : at < dueSoonBefore ? 'due_soon' : 'on_track';
        expect(ranged, at.toISOString()).toBe(decisionClock(at, 'it', NOW).clock);
      }
    }
  });

  it('has Monday to Friday as working days', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(isWorkingDay)).toEqual([true, false, false, true]);
  });
});

import { describe, expect, it } from 'vitest';
import { distanceKm, dueStateOf, fieldToday, orderByVisitDue } from './visit-due.ts';

describe('fieldToday: the day in Rome', () => {
  it.each([
    // Winter (CET, UTC+1): Rome's midnight is 23:00 UTC the day before.
    ['2026-11-20T22:59:59Z', '2026-11-20'],
    ['2026-11-20T23:00:00Z', '2026-11-21'],
    // Summer (CEST, UTC+2): 22:00 UTC.
    ['2026-07-14T21:59:59Z', '2026-07-14'],
    ['2026-07-14T22:00:00Z', '2026-07-15'],
    // The last Sunday of March, when the clocks go forward at 01:00 UTC.
    ['2026-03-28T23:30:00Z', '2026-03-29'],
  ])('at %s it is %s', (at, day) => {
    expect(fieldToday(new Date(at))).toBe(day);
  });
});

describe('dueStateOf', () => {
  it.each([
    ['2026-11-20', 'overdue'],
    ['2026-11-21', 'today'],
    ['2026-11-22', 'upcoming'],
    [null, 'none'],
  ] as const)('%s on 2026-11-21 is %s', (nextVisit, state) => {
    expect(dueStateOf(nextVisit, '2026-11-21')).toBe(state);
  });
});

describe('orderByVisitDue', () => {
  const p = (id: string, pharmacyName: string, nextVisit: string | null, place: [number, number] | null = null) => ({
    id,
    pharmacyName,
    nextVisit,
    lat: place?.[0] ?? null,
    lng: place?.[1] ?? null,
  });

  it('orders by due state and day, then distance, then name in Italian order, then id', () => {
    const items = [
      p('1', 'Zeta', null, [45.46, 9.19]),
      p('2', 'Àlfa', null),
      p('3', 'Beta', '2026-11-21', [45.46, 9.19]),
      p('4', 'Gamma', '2026-11-21', [41.9, 12.5]),
      p('5', 'Delta', '2026-11-30'),
      p('6', 'Eta', '2026-11-02'),
      p('7', 'alfa', null),
    ];
    expect(orderByVisitDue(items, '2026-11-21').map((i) => i.id)).toEqual(['6', '3', '4', '5', '2', '7', '1']);
    expect(orderByVisitDue(items, '2026-11-21', { lat: 41.9, lng: 12.5 }).map((i) => i.id)).toEqual(['6', '4', '3', '5', '1', '2', '7']);
  });

  it('measures great-circle distance in kilometres', () => {
    expect(distanceKm({ lat: 41.9028, lng: 12.4964 }, { lat: 45.4642, lng: 9.19 })).toBeCloseTo(477, 0);
  });
});

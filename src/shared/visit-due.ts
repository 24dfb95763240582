// When a rep's pharmacy is next due for a visit (issue 24 item 3), and the order of the rep's list.
// "Today" is the calendar day in Rome (Europe/Rome: CET, CEST in summer), the Italian field
// team's day, whatever the time zone of the server or of the phone; a visit planned for a day is
// due from that day's 00:00 in Rome, and overdue from the next. The server orders the list with
// this (GET /api/v1/register/rep/pharmacies) and the page orders it again with the same function,
// so a list kept on the phone reads right on the day it is shown.

/** Overdue (planned before today), due today, planned later, or no next visit planned. */
export type DueState = 'overdue' | 'today' | 'upcoming' | 'none';

const DUE_RANK: Record<DueState, number> = { overdue: 0, today: 1, upcoming: 2, none: 3 };

export { fieldToday } from './field-clock.ts';

/** A next visit (YYYY-MM-DD) against today (YYYY-MM-DD): ISO days compare as text. */
export function dueStateOf(nextVisit: string | null | undefined, today: string): DueState {
  if (!nextVisit) return 'none';
  if (nextVisit < today) return 'overdue';
  return nextVisit === today ? 'today' : 'upcoming';
}

export interface Position {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG), kilometres. */
const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/** The great-circle (haversine) distance in kilometres. */
export function distanceKm(from: Position, to: Position): number {
  const a =
    Math.sin(((to.lat - from.lat) * RADIANS) / 2) ** 2 +
    Math.cos(from.lat * RADIANS) * Math.cos(to.lat * RADIANS) * Math.sin(((to.lng - from.lng) * RADIANS) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** What the order reads of a pharmacy of the rep's list. */
export interface DueOrdered {
  id: string;
  pharmacyName: string;
  nextVisit: string | null;
  lat: number | null;
  lng: number | null;
}

let names: Intl.Collator | null = null;

/**
 * The rep's list in visit order: overdue first (the oldest due day first), then due today, then
 * planned later (the soonest first), then those with no next visit. Pharmacies due on the same day,
 * and those with none, go nearest first when the rep's position is known (those without
 * coordinates after the others), then by name (Italian alphabetical order), then by id.
 */
export function orderByVisitDue<T extends DueOrdered>(items: readonly T[], today: string, position?: Position | null): T[] {
  names ??= new Intl.Collator('it', { sensitivity: 'base', numeric: true });
  const collator = names;
  const keyed = items.map((item) => ({
    item,
    rank: DUE_RANK[dueStateOf(item.nextVisit, today)],
    distance: position && item.lat !== null && item.lng !== null ? distanceKm(position, { lat: item.lat, lng: item.lng }) : Number.POSITIVE_INFINITY,
  }));
  keyed.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank - b.rank;
    const [dayA, dayB] = [a.item.nextVisit ?? '', b.item.nextVisit ?? ''];
    if (dayA !== dayB) return dayA < dayB ? -1 : 1;
    if (a.distance !== b.distance) return a.distance < b.distance ? -1 : 1;
    return collator.compare(a.item.pharmacyName, b.item.pharmacyName) || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0);
  });
  return keyed.map((k) => k.item);
}

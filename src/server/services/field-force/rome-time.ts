// Calendar days, weeks and months of the Italian field force, in Europe/Rome time (issue 24): the
// reps page counts visits "this week" from Monday 00:00 and "this month" from the 1st, and the
// daily digest reports the day before, each as Rome sees it, summer time included.
const ZONE = 'Europe/Rome';

const format = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface RomeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
}

function partsOf(at: Date): RomeParts & { minute: number; second: number } {
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(at).find((p) => p.type === type)!.value);
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute'), second: value('second') };
}

/** Rome's wall clock at `at`. */
export function romeClock(at: Date): RomeParts {
  const { year, month, day, hour } = partsOf(at);
  return { year, month, day, hour };
}

/** How far Rome's wall clock is ahead of UTC at `at` (one or two hours). */
function offsetMs(at: Date): number {
  const p = partsOf(at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Rome calendar day begins (the day may be out of range, e.g. day 0: Date.UTC carries it over). */
function romeMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Rome's clocks change at 02:00 and 03:00, never at midnight: the offset an hour either side of it is the day's.
  const first = wall - offsetMs(new Date(wall));
  return new Date(wall - offsetMs(new Date(first)));
}

/** YYYY-MM-DD of a Rome calendar day. */
const isoDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** Where this week (from Monday) and this month begin, in Rome, at `now`. */
export function weekAndMonthStart(now: Date): { weekStart: Date; monthStart: Date } {
  const { year, month, day } = romeClock(now);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
  const sinceMonday = (weekday + 6) % 7;
  return { weekStart: romeMidnight(year, month, day - sinceMonday), monthStart: romeMidnight(year, month, 1) };
}

/** The Rome calendar day before `now`'s: its date and the instants it begins and ends. */
export function previousRomeDay(now: Date): { day: string; start: Date; end: Date } {
  const { year, month, day } = romeClock(now);
  const start = romeMidnight(year, month, day - 1);
  const end = romeMidnight(year, month, day);
  return { day: isoDay(year, month, day - 1), start, end };
}

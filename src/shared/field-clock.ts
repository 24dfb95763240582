// The Italian field team's clock: the day and month it is in Rome (Europe/Rome: CET, CEST in
// summer), whatever the time zone of the server or of the phone. A module of its own, in the chunk
// the forms and the staff pages share, so that the visit form's month does not pull the staff
// lists' helpers into the form runner's chunk (or the form runner into the staff lists).
const FIELD_TIME_ZONE = 'Europe/Rome';

let romeDays: Intl.DateTimeFormat | null = null;

/** The day (YYYY-MM-DD) it is in Rome at `now`. */
export function fieldToday(now: Date = new Date()): string {
  romeDays ??= new Intl.DateTimeFormat('en-GB', { timeZone: FIELD_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const part = Object.fromEntries(romeDays.formatToParts(now).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** The month (1-12) it is in Rome at `now`: a visit being recorded is this month's. */
export const fieldMonth = (now: Date = new Date()): number => Number(fieldToday(now).slice(5, 7));

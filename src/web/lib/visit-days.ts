// Days of the field force's visits in words, in the page's language: a planned day (YYYY-MM-DD,
// a calendar day, no time zone), a month number, and when a visit was recorded (on the phone's
// clock, as the manager's view shows it).

/** "3 novembre", with the year when it is not `thisYear` ("3 novembre 2027"). */
export function dayInWords(day: string, language: string, thisYear?: string): string {
  const withYear = day.slice(0, 4) !== thisYear;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "novembre" for 11. */
export function monthInWords(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, 15)));
}

/** When a visit was recorded: "12 novembre 2026 alle ore 10:30". */
export function recordedAtInWords(at: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
}

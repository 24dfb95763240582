// Months of the rep form (month, completionMonth: numbers 1 to 12, spec §4, §9).

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type Month = (typeof MONTHS)[number];

export function isMonth(value: unknown): value is Month {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;
}

/** The month's full name in a BCP 47 locale, e.g. monthName(3, 'it-IT') === 'marzo'. */
export function monthName(month: Month, localeTag: string): string {
  return new Intl.DateTimeFormat(localeTag, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

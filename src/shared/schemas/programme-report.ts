// The programme report (issue 41 item 3, decision 0070) and the activity log's CSV download
// (item 4): their queries, checked by the server and by the pages with the same schemas, and the
// report's answer. How each figure is computed: docs/decisions/0070.
import * as z from 'zod/mini';
import { LANGUAGE_TAG, LANGUAGES, type Country, type Language } from '../markets.ts';
import { CalendarDaySchema } from './field-force.ts';
import { ErrorKey } from './fields.ts';
import { optional } from './registration-common.ts';

/** The report covers at most this many months at once; without a range, the last twelve. */
export const PROGRAMME_MAX_MONTHS = 36;
export const PROGRAMME_DEFAULT_MONTHS = 12;
/** The promise to applicants (spec §1: a decision in about four weeks). */
export const DECISION_PROMISE_DAYS = 28;

const MonthSchema = z.string({ error: ErrorKey.invalid }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: ErrorKey.invalid }));

/** Months apart (to − from), for YYYY-MM. */
const monthsBetween = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));

/** `from`, `to`: YYYY-MM, both included, both optional (`to` defaults to this month, `from` to eleven months before `to`); `lang` the CSV's words. */
export const ProgrammeReportQuerySchema = z
  .object({ from: optional(MonthSchema), to: optional(MonthSchema), lang: optional(z.enum(LANGUAGES, { error: ErrorKey.invalid })) })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, { error: ErrorKey.dateRange, path: ['to'] }),
    z.refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to) < PROGRAMME_MAX_MONTHS, { error: ErrorKey.invalid, path: ['from'] }),
  );

/** One market's month. Times in days (one decimal); null when nothing was decided that month. */
export interface ProgrammeMonth {
  market: Country;
  /** YYYY-MM, in the market's time zone. */
  month: string;
  submitted: number;
  approved: number;
  rejected: number;
  changesRequested: number;
  /** Withdrawn by the applicant: erased on their request. */
  erased: number;
  medianDays: number | null;
  p90Days: number | null;
  /** Of the decisions timed that month, the share within DECISION_PROMISE_DAYS, as a whole percentage. */
  within28DaysPercent: number | null;
  fieldConfirmed: number;
  fieldLapsed: number;
  /** At the month's end, or now for the month under way. */
  listingsLive: number;
}

export interface ProgrammeReport {
  /** The months covered, oldest first (YYYY-MM). */
  months: string[];
  /** When it was computed (ISO 8601): the month under way is counted up to here. */
  asOf: string;
  /** Every market's months, market by market in the market table's order, oldest month first. */
  rows: ProgrammeMonth[];
}

/** The figures of a month in the order the table, the chart's legend and the CSV show them. */
export const PROGRAMME_FIGURES = [
  'submitted',
  'approved',
  'rejected',
  'changesRequested',
  'erased',
  'medianDays',
  'p90Days',
  'within28DaysPercent',
  'fieldConfirmed',
  'fieldLapsed',
  'listingsLive',
] as const satisfies readonly (keyof ProgrammeMonth)[];
export type ProgrammeFigure = (typeof PROGRAMME_FIGURES)[number];

const NONE = '–';

/** A figure as the table and the CSV both write it, in the language's way: counts whole, days with one decimal, the share as a percentage; '–' for none. */
export function formatFigure(figure: ProgrammeFigure, value: number | null, language: Language): string {
  if (value === null) return NONE;
  const tag = LANGUAGE_TAG[language];
  if (figure === 'within28DaysPercent') return new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
  return new Intl.NumberFormat(tag, { maximumFractionDigits: 1, useGrouping: false }).format(value);
}

/** YYYY-MM as the language names the month: "November 2026", "novembre 2026". */
export const formatMonth = (month: string, language: Language): string =>
  new Intl.DateTimeFormat(LANGUAGE_TAG[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** The activity log's CSV (GET /api/admin/activity/csv): both days needed (YYYY-MM-DD, UTC, both included), `to` not before `from`. */
export const ActivityCsvQuerySchema = z
  .object({ from: CalendarDaySchema, to: CalendarDaySchema, lang: optional(z.enum(LANGUAGES, { error: ErrorKey.invalid })) })
  .check(z.refine((q) => q.from <= q.to, { error: ErrorKey.dateRange, path: ['to'] }));

// The decision clock (issue 41, docs/decisions/0065): an application waiting for a decision is due
// 28 calendar days after its (last) submission, counted in its market's time zone; due soon with 7
// days or less left, overdue after its due day; past 42 days the applicant is told to write to
// support. One rule for the review queue, the reviewers' digest and the applicant's status page.
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from './limits.ts';
import { MARKETS, type Country } from './markets.ts';

const DECISION_DAYS = DECISION_WEEKS * 7;
const DUE_SOON_DAYS = 7;
const CONTACT_SUPPORT_AFTER_DAYS = CONTACT_SUPPORT_AFTER_WEEKS * 7;

export const CLOCK_STATES = ['on_track', 'due_soon', 'overdue'] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

/** Only an application waiting for a reviewer runs a clock: a request for changes stops it, a resubmission starts a new one. */
export const hasClock = (status: string): boolean => status === 'submitted';

const DAY_MS = 24 * 3600 * 1000;
const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, market: Country) {
  const timeZone = MARKETS[market].timeZone;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute!, second: part.second! };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The calendar day (YYYY-MM-DD) it is in the market at `at`. */
export function marketDay(at: Date, market: Country): string {
  const { year, month, day } = wallClock(at, market);
  return isoDay(Date.UTC(year, month - 1, day));
}

/** The hour (0-23) of the market's wall clock at `at`. */
export const marketHour = (at: Date, market: Country): number => wallClock(at, market).hour;

export const addDays = (day: string, days: number): string => isoDay(dayMs(day) + days * DAY_MS);
const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** Monday to Friday (public holidays are not known to the product: decision 0065). */
export const isWorkingDay = (day: string): boolean => ![0, 6].includes(new Date(dayMs(day)).getUTCDay());

/** The instant a calendar day begins in the market (the markets' clocks never change at midnight). */
export function dayStart(day: string, market: Country): Date {
  const wall = dayMs(day);
  const offset = (at: number) => {
    const p = wallClock(new Date(at), market);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  };
  const first = wall - offset(wall);
  return new Date(wall - offset(first));
}

export interface DecisionClock {
  /** The day (YYYY-MM-DD, in the market) a decision is due. */
  dueBy: string;
  clock: ClockState;
  /** The last day (YYYY-MM-DD, in the market) before the applicant should write to support. */
  supportAfter: string;
  /** Past `supportAfter`: the applicant should write to support. */
  contactSupport: boolean;
}

/** Where an application submitted at `submittedAt` in `market` stands at `now`. */
export function decisionClock(submittedAt: Date | string, market: Country, now: Date): DecisionClock {
  const submittedOn = marketDay(new Date(submittedAt), market);
  const today = marketDay(now, market);
  const dueBy = addDays(submittedOn, DECISION_DAYS);
  const left = daysBetween(today, dueBy);
  const supportAfter = addDays(submittedOn, CONTACT_SUPPORT_AFTER_DAYS);
  return {
    dueBy,
    clock: left < 0 ? 'overdue' : left <= DUE_SOON_DAYS ? 'due_soon' : 'on_track',
    supportAfter,
    contactSupport: today > supportAfter,
  };
}

/**
 * Each state as a range of submission instants in a market at `now`, for a query: overdue when
 * submitted before `overdueBefore`, due soon from then until `dueSoonBefore`, on track after.
 */
export function clockBounds(market: Country, now: Date): { overdueBefore: Date; dueSoonBefore: Date } {
  const today = marketDay(now, market);
  return {
    overdueBefore: dayStart(addDays(today, -DECISION_DAYS), market),
    dueSoonBefore: dayStart(addDays(today, DUE_SOON_DAYS + 1 - DECISION_DAYS), market),
  };
}

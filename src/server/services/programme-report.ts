// The programme report (issue 41 item 3, decision 0070): per market and month, from the stored
// history only (the review desk's audit, data-rights events, consent records, field lapses), so a
// month already past reads the same however today's data changes. Months are the market's own
// (its entry's timeZone); the month under way is counted up to now.
import { sql, type SQL } from 'drizzle-orm';
import { COUNTRIES, MARKETS, type Country } from '#shared/markets.ts';
import {
  DECISION_PROMISE_DAYS,
  PROGRAMME_DEFAULT_MONTHS,
  PROGRAMME_MAX_MONTHS,
  type ProgrammeMonth,
  type ProgrammeReport,
} from '#shared/schemas/programme-report.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { applications, consentRecords, dataRightsEvents, fieldSignupLapses, reviewAudit } from '../db/schema.ts';

const DAY_SECONDS = 86_400;

/** The market's time zone in SQL, read from the market table's clocks. */
const zoneOf = (market: SQL) =>
  sql`(case ${market} ${sql.join(
    COUNTRIES.map((country) => sql`when ${country} then ${MARKETS[country].timeZone}`),
    sql` `,
  )} end)`;
/** YYYY-MM of a moment in the market's time zone. */
const monthOf = (at: SQL, market: SQL) => sql`to_char(${at} at time zone ${zoneOf(market)}, 'YYYY-MM')`;

/** YYYY-MM `n` months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The months asked for, oldest first: `to` defaults to this month (UTC) and never passes it; `from`
 * to PROGRAMME_DEFAULT_MONTHS before `to`, and never more than PROGRAMME_MAX_MONTHS before it.
 */
function monthsOf(range: { from?: string; to?: string }, now: Date): string[] {
  const current = now.toISOString().slice(0, 7);
  const to = range.to && range.to < current ? range.to : current;
  const earliest = addMonths(to, 1 - PROGRAMME_MAX_MONTHS);
  const from = range.from ? (range.from < earliest ? earliest : range.from) : addMonths(to, 1 - PROGRAMME_DEFAULT_MONTHS);
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** Linear interpolation between the closest ranks (PostgreSQL's percentile_cont), of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

const oneDecimal = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);

type Key = `${Country}|${string}`;
interface Counted {
  market: Country;
  month: string;
  n: number | string;
}

export function createProgrammeReport(db: Database, { now }: { now: () => Date }) {
  /** Counts by market and month, within the months asked for. */
  async function counts(query: SQL): Promise<Map<Key, number>> {
    return new Map(rowsOf<Counted>(await db.execute(query)).map((row) => [`${row.market}|${row.month}` as Key, Number(row.n)]));
  }

  return {
    async report(range: { from?: string; to?: string }): Promise<ProgrammeReport> {
      const at = now();
      const months = monthsOf(range, at);
      if (months.length === 0) return { months, asOf: at.toISOString(), rows: [] };
      const [first, last] = [months[0]!, months.at(-1)!];
      const inRange = (month: SQL) => sql`${month} between ${first} and ${last}`;
      const a = sql`a.country`;
      // Each application's decisions; a decision taken on a (re)submission is timed from it: the latest resubmission before it, else the first submission.
      const decided = sql`
        select a.country as market, ${monthOf(sql`r.at`, a)} as month, r.action, r.from_status,
               extract(epoch from r.at - coalesce(
                 (select max(s.at) from ${reviewAudit} s where s.application_id = r.application_id and s.action = 'resubmit' and s.at <= r.at),
                 a.created_at)) as seconds
        from ${reviewAudit} r join ${applications} a on a.id = r.application_id
        where r.action in ('approve', 'reject', 'request_changes') and r.at <= ${at}`;
      const [submitted, erased, confirmed, lapsed, live, decisions] = await Promise.all([
        counts(
          sql`select * from (select a.country as market, ${monthOf(sql`a.created_at`, a)} as month, count(*) as n from ${applications} a where a.created_at <= ${at} group by 1, 2) c where ${inRange(sql`month`)}`,
        ),
        counts(sql`select * from (
          select a.country as market, ${monthOf(sql`e.at`, a)} as month, count(distinct e.application_id) as n
          from ${dataRightsEvents} e join ${applications} a on a.id = e.application_id where e.event = 'erased' and e.at <= ${at} group by 1, 2) c where ${inRange(sql`month`)}`),
        // A field-signed pharmacist's confirmation is their consent on record, given by them (pharmacist-confirmation.ts).
        counts(sql`select * from (
          select c.country as market, ${monthOf(sql`c.given_at`, sql`c.country`)} as month, count(*) as n
          from ${consentRecords} c where c.given_by = 'pharmacist' and c.given_at <= ${at} group by 1, 2) c where ${inRange(sql`month`)}`),
        counts(sql`select * from (
          select l.market, ${monthOf(sql`l.at`, sql`l.market`)} as month, count(*) as n
          from ${fieldSignupLapses} l where l.at <= ${at} group by 1, 2) c where ${inRange(sql`month`)}`),
        // Listed (approved) at the month's end (the month under way: now, what happened at this instant included): the last status its decisions and resubmissions gave it by then is approved, and it was not erased by then.
        counts(sql`
          select m.market, m.month, count(a.id) as n
          from (
            select c.market, to_char(d, 'YYYY-MM') as month, least((d + interval '1 month')::timestamp at time zone ${zoneOf(sql`c.market`)}, ${at}::timestamptz + interval '1 microsecond') as end_at
            from unnest(${sql.raw(`array[${COUNTRIES.map((c) => `'${c}'`).join(', ')}]`)}::text[]) c(market)
            cross join generate_series(${`${first}-01`}::timestamp, ${`${last}-01`}::timestamp, interval '1 month') d
          ) m
          left join lateral (
            select a.id from ${applications} a
            where a.country = m.market and a.created_at < m.end_at
              and (select r.to_status from ${reviewAudit} r
                   where r.application_id = a.id and r.action in ('approve', 'reject', 'request_changes', 'deactivate', 'resubmit') and r.at < m.end_at
                   order by r.at desc, r.id desc limit 1) = 'approved'
              and not exists (select 1 from ${dataRightsEvents} e where e.application_id = a.id and e.event = 'erased' and e.at < m.end_at)
          ) a on true
          group by 1, 2`),
        db
          .execute(sql`select * from (${decided}) d where ${inRange(sql`month`)}`)
          .then((result) => rowsOf<{ market: Country; month: string; action: string; from_status: string | null; seconds: number | string }>(result)),
      ]);

      const rows: ProgrammeMonth[] = [];
      for (const market of COUNTRIES) {
        for (const month of months) {
          const key: Key = `${market}|${month}`;
          const own = decisions.filter((d) => d.market === market && d.month === month);
          const count = (action: string, from?: string) => own.filter((d) => d.action === action && (from === undefined || d.from_status === from)).length;
          // Timed: the decisions that ended a wait (taken on a submitted application); a rejection after a change request had no wait running.
          const days = own
            .filter((d) => d.from_status === 'submitted')
            .map((d) => Number(d.seconds) / DAY_SECONDS)
            .sort((x, y) => x - y);
          rows.push({
            market,
            month,
            submitted: submitted.get(key) ?? 0,
            // A deactivated listing approved again is no decision on an application.
            approved: count('approve', 'submitted'),
            rejected: count('reject'),
            changesRequested: count('request_changes'),
            erased: erased.get(key) ?? 0,
            medianDays: oneDecimal(percentile(days, 0.5)),
            p90Days: oneDecimal(percentile(days, 0.9)),
            within28DaysPercent: days.length ? Math.round((100 * days.filter((d) => d <= DECISION_PROMISE_DAYS).length) / days.length) : null,
            fieldConfirmed: confirmed.get(key) ?? 0,
            fieldLapsed: lapsed.get(key) ?? 0,
            listingsLive: live.get(key) ?? 0,
          });
        }
      }
      return { months, asOf: at.toISOString(), rows };
    },
  };
}

export type ProgrammeReportService = ReturnType<typeof createProgrammeReport>;

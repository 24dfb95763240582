// The reviewers' digest of the decision clock (issue 41, decision 0065): on each working day of a
// market (Monday to Friday in its time zone), from DIGEST_FROM_HOUR there, every reviewer of that
// market is e-mailed, in their language, the market's applications whose decision is due soon or
// overdue (reference, pharmacy, due date, state, a link to each); nothing when there are none. An
// hourly scheduled job (scheduled-jobs.ts) sends it; each digest is queued in the transaction that
// records it in `review_digests` (one row per reviewer, market and day), so two servers, a retried
// turn or a restart never queue the same day's digest twice (as the joins digest does).
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, clockBounds, decisionClock, isWorkingDay, marketDay, marketHour, type ClockState } from '#shared/decision-clock.ts';
import { COUNTRIES, LANGUAGE_TAG, MARKET_LANGUAGE, isLanguage, marketSpeaking, type Country, type Language } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import type { Config } from '../../config.ts';
import { rowsOf, type Database, type Queryable } from '../../db/client.ts';
import { applications, pharmacies } from '../../db/schema.ts';
import { configuredMarketBase } from '../links.ts';
import { enqueueMail, type MailMessage } from '../mail/outbox.ts';
import type { ScheduledJob } from '../scheduled-jobs.ts';
import { texts } from '../texts.ts';
import { escapeHtml } from '../tokens.ts';
import { reviewersOfMarket } from './reviewers.ts';

/** From 08:00 in the market (the first hourly turn after it), before a reviewer's day begins. */
const DIGEST_FROM_HOUR = 8;
/** The most applications one digest lists; the rest are counted, and the queue lists them all. */
const DIGEST_MAX_ITEMS = 50;
/** How long the record of a sent digest is kept: long enough to outlast any retry of its day. */
const KEEP_DAYS = 60;

interface DigestItem {
  reference: string | null;
  pharmacy: string;
  /** YYYY-MM-DD, in the market. */
  dueBy: string;
  clock: Exclude<ClockState, 'on_track'>;
  /** The review detail; null when no public address is configured. */
  link: string | null;
}

interface DigestInput {
  to: string;
  firstName: string;
  language: Language;
  market: Country;
  items: DigestItem[];
  /** How many more than `items` are due soon or overdue. */
  more: number;
  productName: string;
  /** The queue, filtered to the market's waiting applications; null without a public address. */
  queueUrl: string | null;
}

/** The digest e-mail: one line per application (reference, pharmacy, due date, state) with its link. */
export function reviewDigestMail(input: DigestInput): MailMessage {
  const t = texts(input.language);
  const say = (key: string, values?: Record<string, string | number>) => t(`mail.reviewDigest.${key}`, values);
  const market = say(`market.${input.market}`);
  const count = input.items.length + input.more;
  const greeting = say('greeting', { name: input.firstName });
  const intro = say('intro', { count, market });
  const rule = say('rule');
  const button = say('button');
  const lines = input.items.map((item) => ({
    text: say('line', {
      reference: item.reference ?? say('noReference'),
      pharmacy: item.pharmacy,
      date: new Date(`${item.dueBy}T12:00:00Z`).toLocaleDateString(LANGUAGE_TAG[input.language], {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      state: say(`state.${item.clock}`),
    }),
    link: item.link,
  }));
  const more = input.more > 0 ? say('more', { count: input.more }) : null;
  const text = [
    greeting,
    `${intro}\n\n${lines.map((line) => `- ${line.text}${line.link ? `\n  ${line.link}` : ''}`).join('\n')}${more ? `\n${more}` : ''}`,
    rule,
    ...(input.queueUrl ? [`${button}: ${input.queueUrl}`] : []),
  ].join('\n\n');
  const item = (line: (typeof lines)[number]) =>
    line.link ? `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>` : `<li>${escapeHtml(line.text)}</li>`;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}<br>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map(item).join('')}</ul>`,
    more ? `<p>${escapeHtml(more)}</p>` : '',
    input.queueUrl ? `<p><a href="${escapeHtml(input.queueUrl)}">${escapeHtml(button)}</a></p>` : '',
    `<p>${escapeHtml(rule)}</p>`,
    '</body></html>',
  ].join('');
  return { to: input.to, subject: say('subject', { product: input.productName, count, market }), text: `${text}\n`, html };
}

interface Reviewer {
  id: string;
  email: string;
  firstName: string;
  language: string;
}
export type ReviewersOf = (db: Queryable, market: Country) => Promise<Reviewer[]>;

interface DigestOptions {
  now: Date;
  productName: string;
  /** Where the staff pages of a market start for a link (configuredMarketBase); null without a public address. */
  linkBase: (market: Country) => string | null;
  reviewersOf: ReviewersOf;
}

/**
 * Queues today's digest of a market (at `now`) for each of its reviewers who has not had it yet,
 * when it is a working day there, from DIGEST_FROM_HOUR, and some decision is due soon or overdue;
 * answers how many were queued.
 */
async function sendMarketDigest(db: Database, market: Country, options: DigestOptions): Promise<number> {
  const { now } = options;
  const day = marketDay(now, market);
  if (!isWorkingDay(day) || marketHour(now, market) < DIGEST_FROM_HOUR) return 0;
  const { dueSoonBefore } = clockBounds(market, now);
  const rows = await db
    .select({ id: applications.id, reference: applications.reference, pharmacy: pharmacies.name, submittedAt: applications.submittedAt })
    .from(applications)
    .innerJoin(pharmacies, eq(pharmacies.placeId, applications.placeId))
    .where(and(eq(applications.status, 'submitted'), eq(applications.country, market), lt(applications.submittedAt, dueSoonBefore)))
    .orderBy(asc(applications.submittedAt), asc(applications.id));
  if (rows.length === 0) return 0;

  let queued = 0;
  for (const reviewer of await options.reviewersOf(db, market)) {
    const language: Language = isLanguage(reviewer.language) ? reviewer.language : MARKET_LANGUAGE[market];
    // The staff pages of the market that speaks the reviewer's language, so that they open in it.
    const base = options.linkBase(marketSpeaking(language) ?? market);
    const items: DigestItem[] = rows.slice(0, DIGEST_MAX_ITEMS).map((row) => {
      const { dueBy, clock } = decisionClock(row.submittedAt, market, now);
      return {
        reference: row.reference,
        pharmacy: row.pharmacy,
        dueBy,
        clock: clock === 'overdue' ? 'overdue' : 'due_soon',
        link: base ? `${base}${routePath('reviewApplication', { applicationId: row.id })}` : null,
      };
    });
    const queueUrl = base ? `${base}${routePath('review')}?status=submitted&market=${market}` : null;
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        insert into review_digests (reviewer_id, market, day, applications) values (${reviewer.id}, ${market}, ${day}::date, ${rows.length})
        on conflict do nothing returning reviewer_id`);
      if (rowsOf(claimed).length === 0) return false;
      await enqueueMail(
        tx,
        reviewDigestMail({
          to: reviewer.email,
          firstName: reviewer.firstName,
          language,
          market,
          items,
          more: rows.length - items.length,
          productName: options.productName,
          queueUrl,
        }),
      );
      return true;
    });
    if (sent) queued += 1;
  }
  await db.execute(sql`delete from review_digests where market = ${market} and day < ${addDays(day, -KEEP_DAYS)}::date`);
  return queued;
}

/** The hourly job: each market's digests of the day that have not gone yet. */
export function reviewDigestJob(
  app: FastifyInstance,
  config: Pick<Config, 'productName' | 'publicUrl' | 'marketHosts'>,
  options: { now?: () => Date; reviewersOf?: ReviewersOf } = {},
): ScheduledJob {
  const { now = () => new Date(), reviewersOf = reviewersOfMarket } = options;
  return {
    name: 'daily-review-digest',
    everyMs: 60 * 60 * 1000,
    async run() {
      const at = now();
      for (const market of COUNTRIES) {
        const queued = await sendMarketDigest(app.services.database.db, market, {
          now: at,
          productName: config.productName,
          linkBase: (country) => configuredMarketBase(config, country),
          reviewersOf,
        });
        if (queued) app.log.info({ market, reviewers: queued }, 'review digest: queued the daily e-mail of decisions due');
      }
    },
  };
}

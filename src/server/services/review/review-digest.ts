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

const WORDING: Record<
  Language,
  {
    market: Record<Country, string>;
    subject: (product: string, count: number, market: string) => string;
    greeting: (name: string) => string;
    intro: (count: number, market: string) => string;
    line: (item: { reference: string; pharmacy: string; date: string; state: string }) => string;
    noReference: string;
    state: Record<DigestItem['clock'], string>;
    more: (count: number) => string;
    rule: string;
    button: string;
  }
> = {
  en: {
    market: { uk: 'the United Kingdom', it: 'Italy', de: 'Germany' },
    subject: (product, count, market) => `${product}: ${count === 1 ? '1 decision' : `${count} decisions`} due soon or overdue in ${market}`,
    greeting: (name) => `Hello ${name},`,
    intro: (count, market) => (count === 1 ? `1 application in ${market} is waiting for a decision that is due within a week or overdue:` : `${count} applications in ${market} are waiting for a decision that is due within a week or overdue:`),
    line: ({ reference, pharmacy, date, state }) => `${reference}, ${pharmacy}: due ${date} (${state})`,
    noReference: 'no reference',
    state: { due_soon: 'due soon', overdue: 'overdue' },
    more: (count) => `…and ${count} more in the review queue.`,
    rule: 'A decision is due 28 days after an application is submitted (or submitted again after a request for changes). After 6 weeks the applicant is told to contact support.',
    button: 'Open the review queue',
  },
  it: {
    market: { uk: 'Regno Unito', it: 'Italia', de: 'Germania' },
    subject: (product, count, market) => `${product}: ${count === 1 ? '1 decisione in scadenza o in ritardo' : `${count} decisioni in scadenza o in ritardo`} (${market})`,
    greeting: (name) => `Gentile ${name},`,
    intro: (count, market) =>
      count === 1 ? `1 candidatura (${market}) attende una decisione che scade entro una settimana o è già in ritardo:` : `${count} candidature (${market}) attendono una decisione che scade entro una settimana o è già in ritardo:`,
    line: ({ reference, pharmacy, date, state }) => `${reference}, ${pharmacy}: decisione entro il ${date} (${state})`,
    noReference: 'senza codice',
    state: { due_soon: 'in scadenza', overdue: 'in ritardo' },
    more: (count) => `…e altre ${count} nella coda delle candidature.`,
    rule: "La decisione è dovuta entro 28 giorni dall'invio della candidatura (o dal nuovo invio dopo una richiesta di modifiche). Dopo 6 settimane si invita il candidato a contattare l'assistenza.",
    button: 'Apri la coda delle candidature',
  },
  de: {
    market: { uk: 'Vereinigtes Königreich', it: 'Italien', de: 'Deutschland' },
    subject: (product, count, market) => `${product}: ${count === 1 ? '1 Entscheidung bald fällig oder überfällig' : `${count} Entscheidungen bald fällig oder überfällig`} (${market})`,
    greeting: (name) => `Guten Tag ${name},`,
    intro: (count, market) =>
      count === 1 ? `1 Bewerbung (${market}) wartet auf eine Entscheidung, die innerhalb einer Woche fällig oder bereits überfällig ist:` : `${count} Bewerbungen (${market}) warten auf eine Entscheidung, die innerhalb einer Woche fällig oder bereits überfällig ist:`,
    line: ({ reference, pharmacy, date, state }) => `${reference}, ${pharmacy}: fällig am ${date} (${state})`,
    noReference: 'ohne Referenz',
    state: { due_soon: 'bald fällig', overdue: 'überfällig' },
    more: (count) => `…und ${count} weitere in der Liste der Bewerbungen.`,
    rule: 'Eine Entscheidung ist 28 Tage nach dem Einreichen einer Bewerbung fällig (oder nach dem erneuten Einreichen auf eine Bitte um Änderungen). Nach 6 Wochen wird die Bewerberin oder der Bewerber gebeten, sich an den Support zu wenden.',
    button: 'Liste der Bewerbungen öffnen',
  },
};

/** The digest e-mail: one line per application (reference, pharmacy, due date, state) with its link. */
export function reviewDigestMail(input: DigestInput): MailMessage {
  const words = WORDING[input.language];
  const market = words.market[input.market];
  const count = input.items.length + input.more;
  const lines = input.items.map((item) => ({
    text: words.line({
      reference: item.reference ?? words.noReference,
      pharmacy: item.pharmacy,
      date: new Date(`${item.dueBy}T12:00:00Z`).toLocaleDateString(LANGUAGE_TAG[input.language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      state: words.state[item.clock],
    }),
    link: item.link,
  }));
  const more = input.more > 0 ? words.more(input.more) : null;
  const text = [
    words.greeting(input.firstName),
    `${words.intro(count, market)}\n\n${lines.map((line) => `- ${line.text}${line.link ? `\n  ${line.link}` : ''}`).join('\n')}${more ? `\n${more}` : ''}`,
    words.rule,
    ...(input.queueUrl ? [`${words.button}: ${input.queueUrl}`] : []),
  ].join('\n\n');
  const item = (line: (typeof lines)[number]) => (line.link ? `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>` : `<li>${escapeHtml(line.text)}</li>`);
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(words.greeting(input.firstName))}<br>${escapeHtml(words.intro(count, market))}</p>`,
    `<ul>${lines.map(item).join('')}</ul>`,
    more ? `<p>${escapeHtml(more)}</p>` : '',
    input.queueUrl ? `<p><a href="${escapeHtml(input.queueUrl)}">${escapeHtml(words.button)}</a></p>` : '',
    `<p>${escapeHtml(words.rule)}</p>`,
    '</body></html>',
  ].join('');
  return { to: input.to, subject: words.subject(input.productName, count, market), text: `${text}\n`, html };
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
      return { reference: row.reference, pharmacy: row.pharmacy, dueBy, clock: clock === 'overdue' ? 'overdue' : 'due_soon', link: base ? `${base}${routePath('reviewApplication', { applicationId: row.id })}` : null };
    });
    const queueUrl = base ? `${base}${routePath('review')}?status=submitted&market=${market}` : null;
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        insert into review_digests (reviewer_id, market, day, applications) values (${reviewer.id}, ${market}, ${day}::date, ${rows.length})
        on conflict do nothing returning reviewer_id`);
      if (rowsOf(claimed).length === 0) return false;
      await enqueueMail(tx, reviewDigestMail({ to: reviewer.email, firstName: reviewer.firstName, language, market, items, more: rows.length - items.length, productName: options.productName, queueUrl }));
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
        const queued = await sendMarketDigest(app.services.database.db, market, { now: at, productName: config.productName, linkBase: (country) => configuredMarketBase(config, country), reviewersOf });
        if (queued) app.log.info({ market, reviewers: queued }, 'review digest: queued the daily e-mail of decisions due');
      }
    },
  };
}

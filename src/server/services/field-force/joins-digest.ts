// The daily digest of joins (issue 24 item 4): each morning, every area manager who has not turned
// it off is e-mailed the pharmacies their reps recorded as joined (the joined_unify outcome) the day
// before, in Rome time; a manager whose reps recorded none gets nothing. An hourly scheduled job
// (scheduled-jobs.ts) sends it from DIGEST_FROM_HOUR on. Each digest is queued in the transaction
// that records it in `joins_digests` (one row per manager and day), so two servers, a retried turn
// or a restart never queue the same day's digest twice.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CALL_FLAG_JOINED_UNIFY } from '#shared/reference/call-flags.ts';
import { routePath } from '#shared/routes.ts';
import { LANGUAGE_TAG, MARKET_LANGUAGE } from '#shared/markets.ts';
import { STAFF_LANGUAGES, type StaffLanguage } from '#shared/schemas/staff.ts';
import type { Config } from '../../config.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { configuredMarketBase } from '../links.ts';
import { enqueueMail, type MailMessage } from '../mail/outbox.ts';
import type { ScheduledJob } from '../scheduled-jobs.ts';
import { texts } from '../texts.ts';
import { simpleHtml } from '../tokens.ts';
import { previousRomeDay, romeClock } from './rome-time.ts';

/** The digest goes out from 07:00 in Rome (the first hourly turn after it), before a manager's day begins. */
const DIGEST_FROM_HOUR = 7;
/** How long the record of a sent digest is kept: long enough to outlast any retry of its day. */
const KEEP_DAYS = 60;

interface Join {
  pharmacy: string;
  city: string | null;
  rep: string | null;
}

interface DigestInput {
  to: string;
  firstName: string;
  language: StaffLanguage;
  /** YYYY-MM-DD, the Rome day reported. */
  day: string;
  joins: Join[];
  productName: string;
  /** The reps page, where the digest is turned off; null when no public address is configured. */
  settingsUrl: string | null;
}

/** The digest e-mail: the day's joins, one line each (pharmacy, town, rep), and where to turn it off. */
export function joinsDigestMail(input: DigestInput): MailMessage {
  const t = texts(input.language);
  const count = input.joins.length;
  const locale = LANGUAGE_TAG[input.language];
  const noon = new Date(`${input.day}T12:00:00Z`);
  const date = noon.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const shortDate = noon.toLocaleDateString(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  const lines = input.joins.map((join) => `- ${join.pharmacy}${join.city ? `, ${join.city}` : ''} (${join.rep ?? t('mail.joinsDigest.noRep')})`);
  const optOut = t('mail.joinsDigest.optOut');
  const paragraphs = [
    t('mail.joinsDigest.greeting', { name: input.firstName }),
    `${t('mail.joinsDigest.intro', { count, date })}\n${lines.join('\n')}`,
    optOut,
  ];
  const link = input.settingsUrl ? { url: input.settingsUrl, label: t('mail.joinsDigest.button') } : null;
  return {
    to: input.to,
    subject: t('mail.joinsDigest.subject', { count, product: input.productName, date: shortDate }),
    text: `${paragraphs.join('\n\n')}\n${input.settingsUrl ? `\n${input.settingsUrl}\n` : ''}`,
    // The greeting and the list first, then the way to the setting, then where it is.
    html: simpleHtml([`${paragraphs[0]}\n${paragraphs[1]}`, optOut], link, input.language),
  };
}

type Row = {
  manager_id: string;
  email: string;
  first_name: string;
  language: string;
  pharmacy_id: string;
  pharmacy: string;
  city: string | null;
  rep: string | null;
};

/**
 * Queues yesterday's digest (Rome time, at `now`) for every active area manager who wants it and
 * whose reps recorded at least one join, unless it was queued before; answers how many were queued.
 */
async function sendJoinsDigests(db: Database, options: { now: Date; productName: string; linkBase: string | null }): Promise<number> {
  const { day, start, end } = previousRomeDay(options.now);
  const result = await db.execute(sql`
    select m.id as manager_id, m.email, m.first_name, m.language, p.id as pharmacy_id, p.name as pharmacy, p.city,
      nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') as rep
    from call_entries c
    join field_pharmacies p on p.id = c.pharmacy_id
    join staff_users m on m.id = p.area_manager_id
    left join staff_users r on r.id = c.by_user_id
    where c.call_flag = ${CALL_FLAG_JOINED_UNIFY} and c.at >= ${start.toISOString()}::timestamptz and c.at < ${end.toISOString()}::timestamptz
      and m.role = 'area_manager' and m.disabled_at is null and m.joins_digest
      and not exists (select 1 from joins_digests d where d.area_manager_id = m.id and d.day = ${day}::date)
    order by m.id, c.at, c.id`);
  const byManager = new Map<string, { manager: Row; joins: Map<string, Join> }>();
  for (const row of rowsOf<Row>(result)) {
    const entry = byManager.get(row.manager_id) ?? { manager: row, joins: new Map<string, Join>() };
    // A pharmacy recorded as joined twice that day is one join.
    if (!entry.joins.has(row.pharmacy_id)) entry.joins.set(row.pharmacy_id, { pharmacy: row.pharmacy, city: row.city, rep: row.rep });
    byManager.set(row.manager_id, entry);
  }
  // The reps page in the manager's language: the field team's market is Italy's.
  const settingsUrl = (managerId: string, language: StaffLanguage) =>
    options.linkBase
      ? `${options.linkBase}${routePath('areaManagerReps', { areaManagerId: managerId })}${language === MARKET_LANGUAGE.it ? '' : `?lang=${language}`}`
      : null;
  let queued = 0;
  for (const { manager, joins } of byManager.values()) {
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        insert into joins_digests (area_manager_id, day, joins) values (${manager.manager_id}, ${day}::date, ${joins.size})
        on conflict do nothing returning area_manager_id`);
      if (rowsOf(claimed).length === 0) return false;
      const language = STAFF_LANGUAGES.find((known) => known === manager.language) ?? MARKET_LANGUAGE.it;
      await enqueueMail(
        tx,
        joinsDigestMail({
          to: manager.email,
          firstName: manager.first_name,
          language,
          day,
          joins: [...joins.values()],
          productName: options.productName,
          settingsUrl: settingsUrl(manager.manager_id, language),
        }),
      );
      return true;
    });
    if (sent) queued += 1;
  }
  await db.execute(sql`delete from joins_digests where day < ${day}::date - ${KEEP_DAYS}::int`);
  return queued;
}

/** The hourly job: from DIGEST_FROM_HOUR in Rome, yesterday's digests that have not gone yet. */
export function joinsDigestJob(
  app: FastifyInstance,
  config: Pick<Config, 'productName' | 'publicUrl' | 'marketHosts'>,
  now: () => Date = () => new Date(),
): ScheduledJob {
  return {
    name: 'daily-joins-digest',
    everyMs: 60 * 60 * 1000,
    async run() {
      const at = now();
      if (romeClock(at).hour < DIGEST_FROM_HOUR) return;
      const queued = await sendJoinsDigests(app.services.database.db, {
        now: at,
        productName: config.productName,
        linkBase: configuredMarketBase(config, 'it'),
      });
      if (queued) app.log.info({ managers: queued }, 'joins digest: queued the daily e-mail of joins');
    },
  };
}

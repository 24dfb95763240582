// The hourly upkeep: retention, purges of expired rows and temporary uploads, the CSV export
// records of an older format, and on PGlite a vacuum and analyse (embedded-upkeep.ts). A scheduled
// job (scheduled-jobs.ts): one server of the fleet runs it.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { purgeDailyQuotas } from './daily-quota.ts';
import { refreshStaleExportLines } from './field-force/export-lines.ts';
import { purgeTempPhotos } from './files/purge.ts';
import { purgeRateLimitHits } from './rate-limit-store.ts';
import { purgeIdempotencyKeys } from './field-force/rep-visits.ts';
import { applyRetention } from './retention.ts';
import { tidyChurnedTables } from './embedded-upkeep.ts';
import type { ScheduledJob } from './scheduled-jobs.ts';

const UPKEEP_EVERY_MS = 60 * 60 * 1000;

export function upkeepJob(
  app: FastifyInstance,
  config: Pick<Config, 'retentionRejectedMonths' | 'retentionAccessLogMonths' | 'database' | 'backup'>,
): ScheduledJob {
  const { services } = app;
  const { db } = services.database;
  return {
    name: 'hourly-upkeep',
    everyMs: UPKEEP_EVERY_MS,
    async run() {
      // Issue #13: retention of rejected applications and abandoned drafts.
      const retained = await applyRetention(db, {
        rejectedMonths: config.retentionRejectedMonths,
        accessLogMonths: config.retentionAccessLogMonths,
        ledgerDir: config.backup.dir,
        log: app.log,
      });
      if (retained.applications || retained.drafts || retained.accessEntries)
        app.log.info(retained, 'retention: deleted rejected applications (with their files), abandoned drafts and old access entries');
      // Drafts first: a photo is kept exactly as long as a live draft refers to it.
      const drafts = await services.drafts.purgeExpired();
      const photos = await purgeTempPhotos(db);
      const captchas = await services.captcha.purgeExpired();
      await purgeDailyQuotas(db);
      await purgeRateLimitHits(db);
      await services.auth.purgeExpired();
      await services.dataRights.purgeExpired();
      await purgeIdempotencyKeys(db);
      // Issue 23: field-signed pharmacists' reminder, and their data unconfirmed in time erased.
      const confirmations = await services.pharmacistConfirmation.remindAndLapse();
      if (confirmations.reminded || confirmations.lapsed) app.log.info(confirmations, 'field-signed pharmacists: reminders sent, unconfirmed data erased');
      const exportLines = await refreshStaleExportLines(db);
      if (exportLines) app.log.info({ pharmacies: exportLines }, 'rendered the CSV export records of field pharmacies stored in an older format');
      if (photos.length || captchas || drafts)
        app.log.info({ photos: photos.length, captchas, drafts }, 'purged temporary uploads, used captchas and expired drafts');
      // Last, so that it reclaims what the purges above deleted (issue 26).
      if (config.database.kind === 'pglite') await tidyChurnedTables(db, app.log);
    },
  };
}

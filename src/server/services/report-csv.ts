// The main admin's two downloads (issue 41 items 3 and 4): the programme report as the page's
// table shows it, and the activity log's entries of a range of days, both in the page's language,
// in the words of the web's message files (texts.ts) and the CSV conventions of csv.ts (UTF-8
// with BOM, ';', CRLF, formulas neutralised). Small files, written whole.
import type { Language } from '#shared/markets.ts';
import type { ActivityEntry, ActivityPerson } from '#shared/schemas/activity-log.ts';
import { formatFigure, formatMonth, PROGRAMME_FIGURES, type ProgrammeReport } from '#shared/schemas/programme-report.ts';
import { csvRecord } from './csv.ts';
import { texts, type Texts } from './texts.ts';

const BOM = '\uFEFF';

/** The programme report's table: a row per market and month, its figures as the page writes them. */
export function programmeCsv(report: ProgrammeReport, language: Language): string {
  const t = texts(language);
  const heading = [t('review.programme.market'), t('review.programme.month'), ...PROGRAMME_FIGURES.map((figure) => t(`review.programme.figures.${figure}`))];
  const rows = report.rows.map((row) => [
    t(`review.market.${row.market}`),
    formatMonth(row.month, language),
    ...PROGRAMME_FIGURES.map((figure) => formatFigure(figure, row[figure], language)),
  ]);
  return BOM + [heading, ...rows].map(csvRecord).join('');
}

/** `key_one` or `key_other`, as the page's plurals choose for English, Italian and German. */
const counted = (t: Texts, key: string, count: number) => t(`${key}_${count === 1 ? 'one' : 'other'}`, { count });

function person(t: Texts, who: ActivityPerson | null | undefined): string {
  return who ? t('review.activity.staffAccount', { name: who.name, role: t(`staff.roles.${who.role}`) }) : t('review.activity.deletedUser');
}

function what(t: Texts, entry: ActivityEntry): string {
  if (entry.kind === 'csvExport') return t('review.activity.csvExport');
  if (entry.kind === 'apiKey') return t(`review.activity.apiKeys.${entry.action}`);
  if (entry.kind === 'staffChange') return t(`review.activity.staffChanges.${entry.action}`);
  if (entry.kind === 'reportDownload') return t(`review.activity.reportDownloads.${entry.report}`);
  if (entry.kind === 'recordView') return t(`review.activity.recordViews.${entry.record}`);
  return t(`review.activity.decisions.${entry.decision}`);
}

function details(t: Texts, entry: ActivityEntry): string[] {
  if (entry.kind === 'csvExport') {
    const format = entry.format ? [t(`review.activity.csvFormats.${entry.format}`)] : [];
    return [
      ...format,
      counted(t, 'review.activity.rows', entry.rows),
      t('review.activity.pharmaciesOf', { name: entry.areaManager?.name ?? t('review.activity.deletedUser') }),
    ];
  }
  if (entry.kind === 'recordView') return [entry.label ?? t('review.activity.recordGone')];
  if (entry.kind === 'apiKey') return [t('review.activity.apiKey', { name: entry.client.name, prefix: entry.client.keyPrefix })];
  if (entry.kind === 'reportDownload')
    return [t('review.activity.range', { from: entry.from ?? '', to: entry.to ?? '' }), counted(t, 'review.activity.rows', entry.rows)];
  if (entry.kind === 'staffChange') {
    if (entry.action !== 'moved') return [person(t, entry.staff)];
    const name = (who: ActivityPerson | null | undefined) => who?.name ?? t('review.activity.deletedUser');
    return [
      counted(t, 'review.activity.pharmacies', entry.pharmacies ?? 0),
      t('review.activity.movedFrom', { name: name(entry.staff) }),
      t('review.activity.movedTo', { name: name(entry.to) }),
    ];
  }
  const status = (value: string | null) => (value ? t(`review.status.${value}`) : '–');
  return [
    entry.applicationId ? t('review.activity.application', { reference: entry.reference ?? entry.applicationId }) : t('review.activity.applicationErased'),
    t('review.history.change', { from: status(entry.fromStatus), to: status(entry.toStatus) }),
  ];
}

/** The log's entries, newest first: when (ISO 8601, UTC), who, what, the details in one cell. */
export function activityCsv(entries: readonly ActivityEntry[], language: Language): string {
  const t = texts(language);
  const heading = ['when', 'who', 'what', 'details'].map((column) => t(`review.activity.${column}`));
  const rows = entries.map((entry) => [entry.at, person(t, entry.by), what(t, entry), details(t, entry).join(', ')]);
  return BOM + [heading, ...rows].map(csvRecord).join('');
}

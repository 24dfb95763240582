// /admin/activity (issue 23 item 5): the main admin's log of CSV exports, review decisions, API
// keys and staff accounts (decision 0059), newest first, a page at a time (the page in the
// address, so Back works). Read only; 403 for everyone else. Decisions link to their application;
// their reasons are not in the log.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { ActivityEntry, ActivityPerson } from '#shared/schemas/activity-log.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { PharmacyPager } from '../shared/pharmacy-pager.tsx';
import { StaffTable } from '../shared/staff-table.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { ActivityCsvForm } from './activity-csv-form.tsx';
import { getActivityLog } from './api/review-api.ts';
import { ReviewNav } from './review-nav.tsx';
import { useMarketNames } from './market-names.ts';
import { useDateFormat } from './use-date-format.ts';
import './review.css';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page < 10000 ? page : 1;
};

function Person({ person }: { person: ActivityPerson | null }) {
  const { t } = useTranslation();
  if (!person) return <>{t('review.activity.deletedUser')}</>;
  return (
    <>
      {person.name}
      <br />
      <span className="review-muted">{t(`staff.roles.${person.role}`)}</span>
    </>
  );
}

function Details({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);
  const marketNames = useMarketNames();
  const localPath = useLocalPath();
  if (entry.kind === 'csvExport') {
    return (
      <>
        {entry.format ? (
          <>
            {t(`review.activity.csvFormats.${entry.format}`)}
            <br />
          </>
        ) : null}
        {t('review.activity.rows', { count: entry.rows })}
        <br />
        {t('review.activity.pharmaciesOf', { name: entry.areaManager?.name ?? t('review.activity.deletedUser') })}
      </>
    );
  }
  if (entry.kind === 'apiKey') return <>{t('review.activity.apiKey', { name: entry.client.name, prefix: entry.client.keyPrefix })}</>;
  if (entry.kind === 'recordView') {
    if (!entry.label) return <>{t('review.activity.recordGone')}</>;
    if (entry.record === 'fieldPharmacy') return <>{entry.label}</>;
    return (
      <Link to={localPath(routePath('reviewApplication', { applicationId: entry.recordId }))}>
        {t('review.activity.application', { reference: entry.label })}
      </Link>
    );
  }
  if (entry.kind === 'reportDownload') {
    return (
      <>
        {entry.from && entry.to ? t('review.activity.range', { from: formatDay(entry.from), to: formatDay(entry.to) }) : null}
        <br />
        {t('review.activity.rows', { count: entry.rows })}
      </>
    );
  }
  if (entry.kind === 'staffChange') {
    const account = (person: ActivityPerson | null | undefined) =>
      person ? t('review.activity.staffAccount', { name: person.name, role: t(`staff.roles.${person.role}`) }) : t('review.activity.deletedUser');
    if (entry.action === 'markets') {
      return (
        <>
          {account(entry.staff)}
          <br />
          {t('review.activity.markets', { markets: marketNames(entry.markets ?? []) })}
        </>
      );
    }
    if (entry.action !== 'moved') return <>{account(entry.staff)}</>;
    return (
      <>
        {t('review.activity.pharmacies', { count: entry.pharmacies ?? 0 })}
        <br />
        {/* Both are reps: their names say enough. */}
        {t('review.activity.movedFrom', { name: entry.staff?.name ?? t('review.activity.deletedUser') })}
        <br />
        {t('review.activity.movedTo', { name: entry.to?.name ?? t('review.activity.deletedUser') })}
      </>
    );
  }
  const status = (value: string | null) => (value ? t(`review.status.${value}`) : '–');
  return (
    <>
      {entry.applicationId ? (
        <Link to={localPath(routePath('reviewApplication', { applicationId: entry.applicationId }))}>
          {t('review.activity.application', { reference: entry.reference ?? entry.applicationId })}
        </Link>
      ) : (
        t('review.activity.applicationErased')
      )}
      <br />
      {t('review.history.change', { from: status(entry.fromStatus), to: status(entry.toStatus) })}
    </>
  );
}

const whatOf = (entry: ActivityEntry) => {
  if (entry.kind === 'csvExport') return 'review.activity.csvExport';
  if (entry.kind === 'apiKey') return `review.activity.apiKeys.${entry.action}`;
  if (entry.kind === 'reportDownload') return `review.activity.reportDownloads.${entry.report}`;
  if (entry.kind === 'recordView') return `review.activity.recordViews.${entry.record}`;
  if (entry.kind === 'staffChange') return `review.activity.staffChanges.${entry.action}`;
  return `review.activity.decisions.${entry.decision}`;
};

export function ActivityLogPage() {
  const { t } = useTranslation();
  const formatDate = useDateFormat(true);
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const [state] = useStaffLoad((signal) => getActivityLog(page, signal), [page]);
  usePageTitle('review.activity.title');

  if (state.kind === 'forbidden') return <NoAccess />;
  const pages = state.kind === 'ok' ? Math.max(1, Math.ceil(state.data.total / state.data.pageSize)) : 1;

  return (
    <div className="staff-page review-page">
      <ReviewNav />
      <h1 className="pc-heading-l">{t('review.activity.title')}</h1>
      <p className="pc-body">{t('review.activity.intro')}</p>
      <ActivityCsvForm />
      {state.kind === 'loading' ? <Spinner label={t('review.activity.loading')} /> : null}
      {state.kind === 'failed' || state.kind === 'notFound' ? <ErrorView message={t('staff.networkError')} /> : null}
      {state.kind === 'ok' && state.data.total === 0 ? <p className="pc-body review-empty">{t('review.activity.empty')}</p> : null}
      {state.kind === 'ok' && state.data.total > 0 ? (
        <>
          {state.data.items.length === 0 ? (
            <p className="pc-body review-empty">{t('review.activity.pastEnd')}</p>
          ) : (
            <StaffTable
              id="activity-caption"
              caption={t('review.activity.caption', { count: state.data.total })}
              rows={state.data.items}
              columns={[
                { label: t('review.activity.when'), cell: (entry) => <time dateTime={entry.at}>{formatDate(entry.at)}</time> },
                { label: t('review.activity.who'), cell: (entry) => <Person person={entry.by} /> },
                { label: t('review.activity.what'), cell: (entry) => t(whatOf(entry)) },
                { label: t('review.activity.details'), cell: (entry) => <Details entry={entry} />, className: 'review-wrap' },
              ]}
            />
          )}
          <PharmacyPager page={Math.min(page, pages)} pages={pages} pathOf={(n) => (n > 1 ? `?page=${n}` : '?')} />
        </>
      ) : null}
    </div>
  );
}

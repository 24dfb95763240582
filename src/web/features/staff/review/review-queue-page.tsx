// /admin/review: the review queue. Filters (status, market, decision clock), search and page live in
// the address, so a filtered view can be bookmarked and Back works; each row links to its detail.
// Waiting applications come oldest due first (the server's order), each with its due date and state.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ReviewListQuery } from '#shared/api/review-endpoints.ts';
import { COUNTRIES, isCountry, type Country } from '#shared/markets.ts';
import { ALL_MARKETS } from '#shared/schemas/reviewer-markets.ts';
import { routePath } from '#shared/routes.ts';
import { CLOCK_STATES } from '#shared/decision-clock.ts';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#shared/schemas/review.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Select } from '../../../components/select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { getQueue } from './api/review-api.ts';
import { AgeBands } from './age-bands.tsx';
import { ReviewNav } from './review-nav.tsx';
import { useDateFormat } from './use-date-format.ts';
import { erasedName } from './erased-name.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { useMarketNames } from './market-names.ts';
import { WaitingAge } from './waiting-age.tsx';
import './review.css';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The query the address asks for; a new visit opens on the applications waiting for a decision. */
function queryOf(params: URLSearchParams): ReviewListQuery {
  const status = params.has('status') ? oneOf(APPLICATION_STATUSES, params.get('status')) : 'submitted';
  const market = params.get('market');
  const page = Number(params.get('page'));
  return {
    status,
    market: marketOf(market),
    clock: oneOf(CLOCK_STATES, params.get('clock')),
    q: params.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? String(page) : undefined,
  };
}

/** One market, or every market ('all'); none: the reviewer's own markets (decision 0066). */
const marketOf = (value: string | null): ReviewListQuery['market'] => (isCountry(value) || value === ALL_MARKETS ? value : undefined);

function paramsOf(query: ReviewListQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('status', query.status ?? '');
  for (const key of ['market', 'clock', 'q', 'page'] as const) if (query[key]) params.set(key, String(query[key]));
  return params;
}

export function ReviewQueuePage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const formatDate = useDateFormat();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const key = paramsOf(query).toString();
  const [state] = useStaffLoad((signal) => getQueue(query, signal), [key]);
  const [search, setSearch] = useState(query.q ?? '');
  const results = useRef<HTMLHeadingElement>(null);
  usePageTitle('review.queue.title');
  // The reviewer's own markets, which the queue opens on (from the last answer: the filter offers them).
  const [yourMarkets, setYourMarkets] = useState<Country[]>([]);
  const marketNames = useMarketNames();
  const answered = state.kind === 'ok' ? state.data.yourMarkets : undefined;
  useEffect(() => {
    if (answered) setYourMarkets(answered);
  }, [answered]);

  useEffect(() => setSearch(query.q ?? ''), [query.q]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    setParams(
      paramsOf({
        status: oneOf(APPLICATION_STATUSES, value('status')),
        market: marketOf(value('market')),
        clock: oneOf(CLOCK_STATES, value('clock')),
        q: value('q').trim() || undefined,
      }),
    );
  };

  if (state.kind === 'forbidden') return <NoAccess />;

  const page = Number(query.page ?? '1');
  const pages = state.kind === 'ok' ? Math.max(1, Math.ceil(state.data.total / state.data.pageSize)) : 1;
  const pageLink = (n: number) => `?${paramsOf({ ...query, page: n > 1 ? String(n) : undefined }).toString()}`;

  return (
    <div className="staff-page review-page">
      <ReviewNav />
      <h1 className="pc-heading-l">{t('review.queue.title')}</h1>
      <AgeBands />
      <form className="review-filters" role="search" aria-label={t('review.filters.label')} onSubmit={apply}>
        <Select
          name="status"
          label={t('review.filters.status')}
          defaultValue={query.status ?? ''}
          key={`status-${query.status ?? ''}`}
          options={[{ value: '', label: t('review.filters.allStatuses') }, ...APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`review.status.${s}`) }))]}
        />
        <Select
          name="market"
          label={t('review.filters.market')}
          defaultValue={query.market ?? ''}
          key={`market-${query.market ?? ''}`}
          options={[
            ...(yourMarkets.length
              ? [
                  { value: '', label: t('review.filters.yourMarkets', { markets: marketNames(yourMarkets) }) },
                  { value: ALL_MARKETS, label: t('review.filters.allMarkets') },
                ]
              : [{ value: '', label: t('review.filters.allMarkets') }]),
            ...COUNTRIES.map((c) => ({ value: c, label: t(`review.market.${c}`) })),
          ]}
        />
        <Select
          name="clock"
          label={t('review.filters.clock')}
          defaultValue={query.clock ?? ''}
          key={`clock-${query.clock ?? ''}`}
          options={[{ value: '', label: t('review.filters.anyClock') }, ...CLOCK_STATES.map((state) => ({ value: state, label: t(`review.clock.${state}`) }))]}
        />
        <TextInput
          name="q"
          type="search"
          label={t('review.filters.search')}
          hint={t('review.filters.searchHint')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
        />
        <div className="pc-button-group">
          <button type="submit" className="pc-button">
            {t('review.filters.apply')}
          </button>
        </div>
      </form>

      <h2 ref={results} className="pc-heading-m" id="review-results">
        {t('review.queue.results')}
      </h2>
      {state.kind === 'loading' ? <Spinner label={t('review.queue.loading')} /> : null}
      {state.kind === 'failed' || state.kind === 'notFound' ? <ErrorView message={t('staff.networkError')} /> : null}
      {state.kind === 'ok' ? (
        <>
          <p className="pc-body" role="status">
            {state.data.totalCapped ? t('review.queue.totalCapped', { count: state.data.total }) : t('review.queue.total', { count: state.data.total })}
          </p>
          {state.data.items.length === 0 ? (
            <p className="pc-body review-empty">{t('review.queue.empty')}</p>
          ) : (
            <div className="staff-table-wrap" role="region" aria-labelledby="review-results" tabIndex={0}>
              <table className="staff-table review-table">
                <thead>
                  <tr>
                    <th scope="col">{t('review.columns.name')}</th>
                    <th scope="col">{t('review.columns.email')}</th>
                    <th scope="col">{t('review.columns.registrationNumber')}</th>
                    <th scope="col">{t('review.columns.market')}</th>
                    <th scope="col">{t('review.columns.status')}</th>
                    <th scope="col">{t('review.columns.submitted')}</th>
                    <th scope="col">{t('review.columns.due')}</th>
                    <th scope="col">{t('review.team.column')}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.items.map((item) => {
                    return (
                      <tr key={item.id} className={item.clock === 'overdue' ? 'review-row--overdue' : undefined}>
                        <td data-label={t('review.columns.name')}>
                          <Link to={localPath(routePath('reviewApplication', { applicationId: item.id }))}>
                            {item.status === 'erased' ? erasedName(t, item.reference) : `${item.firstName} ${item.lastName}`}
                          </Link>
                          <br />
                          <span className="review-muted">{item.pharmacyName}</span>
                          {item.signedInFieldBy ? (
                            <>
                              <br />
                              <span className="review-tag">{t('review.signedInField', { name: item.signedInFieldBy })}</span>
                            </>
                          ) : null}
                        </td>
                        <td data-label={t('review.columns.email')} className="review-wrap">
                          {item.status === 'erased' ? '' : item.email}
                        </td>
                        <td data-label={t('review.columns.registrationNumber')}>{item.status === 'erased' ? '' : item.registrationNumber}</td>
                        <td data-label={t('review.columns.market')}>{t(`review.market.${item.market}`)}</td>
                        <td data-label={t('review.columns.status')}>{t(`review.status.${item.status as ApplicationStatus}`)}</td>
                        <td data-label={t('review.columns.submitted')}>{formatDate(item.submittedAt)}</td>
                        <td data-label={t('review.columns.due')}>
                          <WaitingAge item={item} />
                        </td>
                        <td data-label={t('review.team.column')}>{item.claimedBy ?? <span className="review-muted">{t('review.team.nobody')}</span>}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 ? (
            <nav className="review-paging" aria-label={t('review.paging.label')}>
              {page > 1 ? <Link to={pageLink(page - 1)}>{t('review.paging.previous')}</Link> : null}
              <span>{t('review.paging.position', { page, pages })}</span>
              {page < pages ? <Link to={pageLink(page + 1)}>{t('review.paging.next')}</Link> : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

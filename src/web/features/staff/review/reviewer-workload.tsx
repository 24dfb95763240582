// The main admin's view of the review team's workload (issue 41 item 2, decision 0066): each
// reviewer's open claims now and decisions since Monday, the week counted in the operator's time zone.
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAG, isLanguage } from '#shared/markets.ts';
import type { ReviewerWorkload } from '#shared/schemas/reviewer-markets.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { StaffTable } from '../shared/staff-table.tsx';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { getWorkload } from './api/review-api.ts';
import { useMarketNames } from './market-names.ts';

export function ReviewerWorkloadSection({ reloadKey }: { reloadKey: number }) {
  const { t, i18n } = useTranslation();
  const marketNames = useMarketNames();
  const [state] = useStaffLoad(getWorkload, [reloadKey], { keepWhileReloading: true });
  const tag = isLanguage(i18n.language) ? LANGUAGE_TAG[i18n.language] : 'en-GB';

  return (
    <section aria-labelledby="workload-heading" className="review-workload">
      <h2 id="workload-heading" className="pc-heading-m">
        {t('review.workload.title')}
      </h2>
      {state.kind === 'loading' ? <Spinner label={t('review.workload.loading')} /> : null}
      {state.kind === 'failed' || state.kind === 'notFound' || state.kind === 'forbidden' ? <ErrorView message={t('staff.networkError')} /> : null}
      {state.kind === 'ok' ? (
        <>
          <p className="pc-body">
            {t('review.workload.intro', {
              date: new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: state.data.timeZone }).format(new Date(state.data.weekStart)),
              zone: state.data.timeZone,
            })}
          </p>
          {state.data.reviewers.length === 0 ? (
            <p className="pc-body review-empty">{t('review.reviewers.empty')}</p>
          ) : (
            <StaffTable<ReviewerWorkload>
              id="workload-caption"
              caption={t('review.workload.caption')}
              rows={state.data.reviewers}
              columns={[
                {
                  label: t('review.checks.reviewerName'),
                  cell: (r) => (r.disabled ? t('review.workload.disabledName', { name: `${r.firstName} ${r.lastName}` }) : `${r.firstName} ${r.lastName}`),
                },
                { label: t('review.reviewers.markets'), cell: (r) => marketNames(r.markets) },
                { label: t('review.workload.openClaims'), cell: (r) => r.openClaims },
                { label: t('review.workload.decisions'), cell: (r) => r.decisionsThisWeek },
              ]}
            />
          )}
        </>
      ) : null}
    </section>
  );
}

// /admin/reviewers: the main admin's reviewer accounts: who they are, the markets they review, whether
// they can sign in, a Disable action (with confirmation), the way to the add form, and the team's
// workload this week (issue 41 item 2).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { ReviewerItem } from '#shared/schemas/review.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { useSendToSignIn } from '../session/staff-session.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { disableReviewer, getReviewers } from './api/review-api.ts';
import { ReviewNav } from './review-nav.tsx';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { useMarketNames } from './market-names.ts';
import { ReviewerWorkloadSection } from './reviewer-workload.tsx';
import { StaffTable } from '../shared/staff-table.tsx';
import './review.css';

function DisableButton({ reviewer, onDone }: { reviewer: ReviewerItem; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const sendToSignIn = useSendToSignIn();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = `${reviewer.firstName} ${reviewer.lastName}`;
  if (!confirming) {
    return (
      <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setConfirming(true)}>
        {t('review.reviewers.disable')} <span className="visually-hidden">{name}</span>
      </button>
    );
  }
  const disable = async () => {
    setBusy(true);
    const result = await disableReviewer(reviewer.id);
    setBusy(false);
    setConfirming(false);
    if (result.kind === 'signedOut') return sendToSignIn();
    onDone(result.kind === 'ok' ? t('review.reviewers.disabled', { name }) : t('errorsGlobal.temporarilyUnavailableService'));
  };
  return (
    <div role="group" aria-label={t('review.reviewers.confirm', { name })}>
      <p className="pc-body">{t('review.reviewers.confirm', { name })}</p>
      <div className="pc-button-group">
        <button type="button" className="pc-button pc-button--warning staff-table__action" onClick={disable} disabled={busy} autoFocus>
          {t('review.reviewers.confirmButton')}
        </button>
        <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setConfirming(false)} disabled={busy}>
          {t('review.confirm.cancel')}
        </button>
      </div>
    </div>
  );
}

export function ReviewersPage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const [state, reload] = useStaffLoad(getReviewers, []);
  const [notice, setNotice] = useState<string | null>(null);
  const [changes, setChanges] = useState(0);
  const marketNames = useMarketNames();
  usePageTitle('review.reviewers.title');

  if (state.kind === 'forbidden') return <NoAccess />;
  return (
    <div className="staff-page review-page">
      <ReviewNav />
      <h1 className="pc-heading-l">{t('review.reviewers.title')}</h1>
      <p role="status" className={notice ? 'staff-notice' : 'visually-hidden'}>
        {notice ?? ''}
      </p>
      <p className="pc-body">
        <Link className="pc-button" to={localPath(routePath('addReviewer'))}>
          {t('review.addReviewer.title')}
        </Link>
      </p>
      {state.kind === 'loading' ? <Spinner label={t('review.reviewers.loading')} /> : null}
      {state.kind === 'failed' || state.kind === 'notFound' ? <ErrorView message={t('staff.networkError')} /> : null}
      {state.kind === 'ok' && state.data.length === 0 ? <p className="pc-body review-empty">{t('review.reviewers.empty')}</p> : null}
      {state.kind === 'ok' && state.data.length > 0 ? (
        <StaffTable
          id="reviewers-caption"
          caption={t('review.reviewers.caption', { count: state.data.length })}
          rows={state.data}
          columns={[
            { label: t('review.checks.reviewerName'), cell: (reviewer) => `${reviewer.firstName} ${reviewer.lastName}` },
            { label: t('review.columns.email'), cell: (reviewer) => reviewer.email, className: 'review-wrap' },
            {
              label: t('review.reviewers.markets'),
              cell: (reviewer) => (
                <>
                  {marketNames(reviewer.markets ?? [])}
                  <br />
                  <Link to={`${localPath(routePath('reviewerMarkets'))}?reviewerId=${encodeURIComponent(reviewer.id)}`}>
                    {t('review.reviewers.changeMarkets')} <span className="visually-hidden">{`${reviewer.firstName} ${reviewer.lastName}`}</span>
                  </Link>
                </>
              ),
            },
            { label: t('review.reviewers.state'), cell: (reviewer) => (reviewer.disabled ? t('review.reviewers.isDisabled') : t('review.reviewers.isActive')) },
            {
              label: t('staff.mainAdmin.actions'),
              hiddenLabel: true,
              cell: (reviewer) =>
                reviewer.disabled ? null : (
                  <DisableButton
                    reviewer={reviewer}
                    onDone={(message) => {
                      setNotice(message);
                      reload();
                      setChanges((n) => n + 1);
                    }}
                  />
                ),
            },
          ]}
        />
      ) : null}
      <ReviewerWorkloadSection reloadKey={changes} />
    </div>
  );
}

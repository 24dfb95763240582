// The review desk's checks on one application (issue 25 items 3 and 4), loaded beside the detail:
// the register link, the duplicate flags and what the applicant changed since a change request.
import { useTranslation } from 'react-i18next';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { getChecks } from './api/review-api.ts';
import { ChangesSinceRequest } from './changes-since-request.tsx';
import { DuplicateFlags } from './duplicate-flags.tsx';
import { RegisterLink } from './register-link.tsx';

export function ReviewChecks({ applicationId, formTexts }: { applicationId: string; formTexts: string }) {
  const { t } = useTranslation();
  const [state] = useStaffLoad((signal) => getChecks(applicationId, signal), [applicationId]);
  return (
    <section className="review-checks" aria-labelledby="review-checks-title">
      <h2 id="review-checks-title" className="pc-heading-m">
        {t('review.checks.title')}
      </h2>
      {state.kind === 'loading' ? <p className="pc-body review-muted">{t('review.checks.loading')}</p> : null}
      {state.kind === 'ok' ? (
        <>
          {state.data.registerLink ? <RegisterLink link={state.data.registerLink} /> : null}
          {state.data.changes ? <ChangesSinceRequest changes={state.data.changes} formTexts={formTexts} /> : null}
          <DuplicateFlags flags={state.data.duplicates} />
        </>
      ) : null}
      {state.kind !== 'loading' && state.kind !== 'ok' ? <p className="pc-body">{t('review.checks.failed')}</p> : null}
    </section>
  );
}

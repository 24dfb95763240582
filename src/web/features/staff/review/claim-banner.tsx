// "I am reviewing this" on the application page (issue 25): who is reviewing it, and the one
// action that fits: claim it, stop reviewing it, or take it over from someone else (the button
// names them, so pressing it is the confirmation). The page announces the outcome and reloads.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_CLAIM_IDLE_MINUTES, ReviewMessage, type ReviewClaim } from '#shared/schemas/review.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { useSendToSignIn } from '../session/staff-session.tsx';
import { claimApplication, releaseClaim, type Sent } from './api/review-api.ts';
import { useDateFormat } from './use-date-format.ts';

export interface ClaimBannerProps {
  applicationId: string;
  claim: ReviewClaim | null;
  /** After a change: the words to announce; the page reloads. */
  onChanged: (message: string) => void;
}

export function ClaimBanner({ applicationId, claim, onChanged }: ClaimBannerProps) {
  const { t } = useTranslation();
  const sendToSignIn = useSendToSignIn();
  const formatTime = useDateFormat(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (call: () => Promise<Sent<unknown>>, done: string) => {
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (result.kind === 'ok') return onChanged(done);
    if (result.kind === 'signedOut') return sendToSignIn();
    if (result.kind === 'conflict' && result.message === ReviewMessage.claimedByOther) {
      const name = (result.data as { claimedBy?: string } | undefined)?.claimedBy ?? '';
      return onChanged(t('review.team.claim.takenMeanwhile', { name }));
    }
    setError(result.kind === 'forbidden' ? t('staff.noAccess.body') : t('errorsGlobal.temporarilyUnavailableService'));
  };

  const button = (label: string, onClick: () => void, secondary = false) => (
    <button type="button" className={secondary ? 'pc-button pc-button--secondary' : 'pc-button'} onClick={onClick} disabled={busy}>
      {label}
    </button>
  );

  return (
    <section className={`review-claim${claim && !claim.mine ? ' review-claim--other' : ''}`} aria-labelledby="review-claim-title">
      <h2 id="review-claim-title" className="visually-hidden">
        {t('review.team.claim.label')}
      </h2>
      {!claim ? <p className="pc-body">{t('review.team.claim.nobody')}</p> : null}
      {claim?.mine ? <p className="pc-body">{t('review.team.claim.mine', { minutes: REVIEW_CLAIM_IDLE_MINUTES })}</p> : null}
      {claim && !claim.mine ? (
        <p className="pc-body">
          <strong>{t('review.team.claim.other', { name: claim.by, since: formatTime(claim.since) })}</strong>
        </p>
      ) : null}
      <div className="pc-button-group">
        {!claim ? button(t('review.team.claim.claim'), () => void act(() => claimApplication(applicationId), t('review.team.claim.claimed'))) : null}
        {claim?.mine ? button(t('review.team.claim.release'), () => void act(() => releaseClaim(applicationId), t('review.team.claim.released')), true) : null}
        {claim && !claim.mine
          ? button(
              t('review.team.claim.takeOver', { name: claim.by }),
              () => void act(() => claimApplication(applicationId, true), t('review.team.claim.claimed')),
              true,
            )
          : null}
        {busy ? <Spinner inline label={t('review.confirm.sending')} /> : null}
      </div>
      {error ? (
        <p className="pc-error-message" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

// The four actions of the detail page: choose a decision (only those the status allows), give a
// reason (required except for approval) and, for the reviewers only, an internal note; confirm,
// send. When someone else has claimed the application, the confirmation says so and the decision
// is sent as confirmed; a claim made meanwhile (409 claimedByOther) brings the confirmation back
// with their name. The result is announced and the page reloads.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERNAL_NOTE_MAX_LENGTH, REASON_MAX_LENGTH, ReviewMessage, type Decision } from '#shared/schemas/review.ts';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Radios } from '../../../components/radios.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextArea } from '../../../components/text-area.tsx';
import { useSendToSignIn } from '../session/staff-session.tsx';
import { sendDecision } from './api/review-api.ts';

export interface DecisionFormProps {
  applicationId: string;
  applicantName: string;
  decisions: readonly Decision[];
  /** The name of someone else who has claimed the application, or null. */
  claimedBy: string | null;
  onDecided: (message: string) => void;
}

export function DecisionForm({ applicationId, applicantName, decisions, claimedBy, onDecided }: DecisionFormProps) {
  const { t } = useTranslation();
  const sendToSignIn = useSendToSignIn();
  const [decision, setDecision] = useState<Decision | ''>('');
  const [reason, setReason] = useState('');
  const [internalNote, setInternalNote] = useState('');
  /** Whose claim the confirmation step names: the page's, or one the server reported meanwhile. */
  const [claimer, setClaimer] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ decision?: string; reason?: string; _?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** A new round after each decision resets the radios, which the browser keeps. */
  const [round, setRound] = useState(0);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  if (decisions.length === 0) return <p className="pc-body">{t('review.actions.none')}</p>;

  const check = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!decision) found.decision = t('review.actions.chooseError');
    else if (decision !== 'approve' && !reason.trim()) found.reason = t('review.actions.reasonError');
    setErrors(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length === 0) {
      setClaimer(claimedBy);
      setConfirming(true);
    }
  };

  const send = async () => {
    if (!decision) return;
    setBusy(true);
    const result = await sendDecision(applicationId, decision, reason.trim(), { internalNote: internalNote.trim(), confirmClaim: claimer !== null });
    setBusy(false);
    if (result.kind === 'conflict' && result.message === ReviewMessage.claimedByOther) {
      // Claimed since the page loaded: the same confirmation, now naming them.
      setClaimer((result.data as { claimedBy?: string } | undefined)?.claimedBy ?? '');
      confirmHeading.current?.focus();
      return;
    }
    setConfirming(false);
    switch (result.kind) {
      case 'ok':
        setDecision('');
        setReason('');
        setInternalNote('');
        setErrors({});
        setRound((n) => n + 1);
        onDecided(t(`review.actions.done.${decision}`, { name: applicantName }));
        return;
      case 'signedOut':
        sendToSignIn();
        return;
      case 'fieldErrors':
        setErrors({
          reason: result.errors.reason ? t('review.actions.reasonError') : undefined,
          _: result.errors.reason ? undefined : t('errorsGlobal.temporarilyUnavailableService'),
        });
        break;
      case 'conflict':
        setErrors({ _: t('review.actions.conflict') });
        break;
      case 'forbidden':
        setErrors({ _: t('staff.noAccess.body') });
        break;
      default:
        setErrors({ _: t(result.kind === 'failed' && result.message ? result.message : 'errorsGlobal.temporarilyUnavailableService') });
    }
    setAttempt((n) => n + 1);
  };

  const summary = [
    ...(errors._ ? [{ message: errors._ }] : []),
    ...(errors.decision ? [{ fieldId: 'decision', message: errors.decision }] : []),
    ...(errors.reason ? [{ fieldId: 'reason', message: errors.reason }] : []),
  ];

  return (
    <section className="review-actions" aria-labelledby="review-actions-title">
      <h2 id="review-actions-title" className="pc-heading-m">
        {t('review.actions.title')}
      </h2>
      {attempt > 0 && summary.length ? <ErrorSummary key={attempt} errors={summary} /> : null}
      <form key={round} noValidate onSubmit={check} aria-busy={busy || undefined}>
        <Radios
          name="decision"
          legend={t('review.actions.legend')}
          options={decisions.map((d) => ({ value: d, label: t(`review.decision.${d}`) }))}
          selected={decision}
          error={errors.decision}
          onChange={(e) => {
            setDecision(e.target.value as Decision);
            setConfirming(false);
          }}
        />
        <TextArea
          name="reason"
          label={decision === 'approve' || (!decision && decisions.includes('approve')) ? t('review.actions.reasonOptional') : t('review.actions.reason')}
          hint={t('review.actions.reasonHint')}
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value);
            setConfirming(false);
          }}
          rows={5}
        />
        <TextArea
          name="decisionInternalNote"
          id="decision-internal-note"
          label={t('review.team.decisionNote')}
          hint={t('review.team.decisionNoteHint')}
          value={internalNote}
          maxLength={INTERNAL_NOTE_MAX_LENGTH}
          onChange={(e) => {
            setInternalNote(e.target.value);
            setConfirming(false);
          }}
          rows={3}
        />
        {!confirming ? (
          <div className="pc-button-group">
            <button type="submit" className="pc-button">
              {t('review.actions.continue')}
            </button>
          </div>
        ) : null}
      </form>
      {confirming && decision ? (
        <div className="review-confirm" role="group" aria-labelledby="review-confirm-title">
          <h3 id="review-confirm-title" ref={confirmHeading} tabIndex={-1} className="pc-heading-m">
            {t(`review.confirm.${decision}`, { name: applicantName })}
          </h3>
          {claimer !== null ? (
            <p className="pc-body review-confirm__claim">
              <strong>{t('review.team.confirmClaimed', { name: claimer })}</strong>
            </p>
          ) : null}
          <p className="pc-body">{t('review.confirm.mail')}</p>
          <div className="pc-button-group">
            <button type="button" className={decision === 'approve' ? 'pc-button' : 'pc-button pc-button--warning'} onClick={send} disabled={busy}>
              {t(`review.confirm.button.${decision}`)}
            </button>
            <button type="button" className="pc-button pc-button--secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('review.confirm.cancel')}
            </button>
            {busy ? <Spinner inline label={t('review.confirm.sending')} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

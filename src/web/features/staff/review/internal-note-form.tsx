// An internal note on the application page (issue 25), at any time and in any status: for the
// reviewers only, kept in the history with who and when, never mailed. Hand-built beside the
// decision form, for the same reasons (docs/decisions/0019, 0030).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERNAL_NOTE_MAX_LENGTH } from '#shared/schemas/review.ts';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextArea } from '../../../components/text-area.tsx';
import { useSendToSignIn } from '../session/staff-session.tsx';
import { addInternalNote } from './api/review-api.ts';

export function InternalNoteForm({ applicationId, onAdded }: { applicationId: string; onAdded: (message: string) => void }) {
  const { t } = useTranslation();
  const sendToSignIn = useSendToSignIn();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; _?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    if (!note.trim()) return setErrors({ note: t('review.team.note.required') });
    setBusy(true);
    const result = await addInternalNote(applicationId, note.trim());
    setBusy(false);
    if (result.kind === 'ok') {
      setNote('');
      setErrors({});
      return onAdded(t('review.team.note.added'));
    }
    if (result.kind === 'signedOut') return sendToSignIn();
    if (result.kind === 'fieldErrors' && result.errors.note) return setErrors({ note: t('review.team.note.required') });
    setErrors({ _: result.kind === 'forbidden' ? t('staff.noAccess.body') : t('errorsGlobal.temporarilyUnavailableService') });
  };

  const summary = [...(errors._ ? [{ message: errors._ }] : []), ...(errors.note ? [{ fieldId: 'internal-note', message: errors.note }] : [])];

  return (
    <section className="review-note" aria-labelledby="review-note-title">
      <h2 id="review-note-title" className="pc-heading-m">
        {t('review.team.note.title')}
      </h2>
      {attempt > 0 && summary.length ? <ErrorSummary key={attempt} errors={summary} /> : null}
      <form noValidate onSubmit={send} aria-busy={busy || undefined}>
        <TextArea
          name="internalNote"
          id="internal-note"
          label={t('review.team.note.label')}
          hint={t('review.team.note.hint')}
          value={note}
          maxLength={INTERNAL_NOTE_MAX_LENGTH}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
        />
        <div className="pc-button-group">
          <button type="submit" className="pc-button pc-button--secondary" disabled={busy}>
            {t('review.team.note.submit')}
          </button>
          {busy ? <Spinner inline label={t('review.confirm.sending')} /> : null}
        </div>
      </form>
    </section>
  );
}

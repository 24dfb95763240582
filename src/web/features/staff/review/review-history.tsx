// The application's history on its page: every decision with its reason (the approval's note to
// the applicant), every internal note, the applicant's resubmissions, each with who and when,
// newest first. Words erased with the applicant's data say so in the page's language.
import { useTranslation } from 'react-i18next';
import { ERASED_REASON, type ReviewDetail } from '#shared/schemas/review.ts';
import { useDateFormat } from './use-date-format.ts';

export function ReviewHistory({ history, erased }: { history: ReviewDetail['history']; erased: boolean }) {
  const { t } = useTranslation();
  const formatTime = useDateFormat(true);
  const isErased = (text: string) => erased && text === ERASED_REASON;

  return (
    <>
      <h2 id="review-history-title" className="pc-heading-m">
        {t('review.detail.history')}
      </h2>
      {history.length === 0 ? (
        <p className="pc-body">{t('review.detail.noHistory')}</p>
      ) : (
        <ol className="review-history" aria-labelledby="review-history-title">
          {history.map((entry) => (
            <li key={entry.id} className={entry.action === 'note' ? 'review-history__note' : undefined}>
              <strong>{entry.action === 'note' ? t('review.team.history.note') : t(`review.history.${entry.action}`)}</strong> – {formatTime(entry.at)}
              <br />
              {entry.by ? t('review.history.by', { name: entry.by }) : t('review.history.byApplicant')}
              {entry.fromStatus ? (
                <>
                  <br />
                  {t('review.history.change', { from: t(`review.status.${entry.fromStatus}`), to: t(`review.status.${entry.toStatus}`) })}
                </>
              ) : null}
              {entry.reason ? (
                <>
                  <br />
                  {isErased(entry.reason)
                    ? t('review.history.reasonErased')
                    : entry.action === 'approve'
                      ? t('review.team.history.approvalNote', { reason: entry.reason })
                      : t('review.history.reason', { reason: entry.reason })}
                </>
              ) : null}
              {entry.internalNote ? (
                <>
                  <br />
                  {isErased(entry.internalNote)
                    ? t('review.team.history.internalNoteErased')
                    : entry.action === 'note'
                      ? entry.internalNote
                      : t('review.team.history.internalNote', { note: entry.internalNote })}
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

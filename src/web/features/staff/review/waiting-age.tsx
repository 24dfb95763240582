// How long a submitted application has waited: marked after 4 weeks, highlighted after 6, each
// said in words (and an icon-like prefix), never by colour alone.
import { useTranslation } from 'react-i18next';
import { DUE_WEEKS, OVERDUE_WEEKS } from '#shared/schemas/review.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

export function waitingLevel(status: string, submittedAt: string, now = Date.now()): 'overdue' | 'due' | null {
  if (status !== 'submitted') return null;
  const waited = now - new Date(submittedAt).getTime();
  return waited > OVERDUE_WEEKS * WEEK_MS ? 'overdue' : waited > DUE_WEEKS * WEEK_MS ? 'due' : null;
}

export function WaitingAge({ status, submittedAt }: { status: string; submittedAt: string }) {
  const { t } = useTranslation();
  const level = waitingLevel(status, submittedAt);
  if (!level) return null;
  return (
    <strong className={`review-age review-age--${level}`}>
      {level === 'overdue' ? t('review.age.overdue', { weeks: OVERDUE_WEEKS }) : t('review.age.due', { weeks: DUE_WEEKS })}
    </strong>
  );
}

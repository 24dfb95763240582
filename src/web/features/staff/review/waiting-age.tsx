// The decision clock of an application waiting for a decision (issue 41, shared/decision-clock.ts):
// its due date and its state in words (and an icon-like prefix), never by colour alone; past 6 weeks
// it says so, as the applicant is then told to write to support.
import { useTranslation } from 'react-i18next';
import { CONTACT_SUPPORT_AFTER_WEEKS } from '#shared/limits.ts';
import { LANGUAGE_TAG, isLanguage } from '#shared/markets.ts';
import { decisionClock } from '#shared/decision-clock.ts';
import type { ReviewListItem } from '#shared/schemas/review.ts';

type Clocked = Pick<ReviewListItem, 'clock' | 'dueBy' | 'submittedAt' | 'market'>;

export function WaitingAge({ item }: { item: Clocked }) {
  const { t, i18n } = useTranslation();
  if (!item.clock || !item.dueBy) return null;
  const tag = isLanguage(i18n.language) ? LANGUAGE_TAG[i18n.language] : 'en-GB';
  // A due date is a day in the application's market, not an instant: shown as that day wherever the reviewer is.
  const due = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${item.dueBy}T00:00:00Z`));
  const pastSupport = item.clock === 'overdue' && decisionClock(item.submittedAt, item.market, new Date()).contactSupport;
  return (
    <>
      {due}{' '}
      <strong className={`review-age review-age--${item.clock}`}>
        {pastSupport ? t('review.clock.pastSupport', { weeks: CONTACT_SUPPORT_AFTER_WEEKS }) : t(`review.clock.${item.clock}`)}
      </strong>
    </>
  );
}

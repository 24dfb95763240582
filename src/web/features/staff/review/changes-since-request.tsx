// What the applicant changed since a reviewer asked for changes (issue 25 item 3): each changed
// answer by its label, before and after, in words.
import { useTranslation } from 'react-i18next';
import type { ChangedField, ChangesSinceRequest as Changes } from '#shared/schemas/review-checks.ts';
import { StaffTable } from '../shared/staff-table.tsx';
import { useAnswerText, useFieldLabel } from './answer-text.ts';
import { useDateFormat } from './use-date-format.ts';

export function ChangesSinceRequest({ changes, formTexts }: { changes: Changes; formTexts: string }) {
  const { t } = useTranslation();
  const label = useFieldLabel(formTexts);
  const answer = useAnswerText(changes.places);
  const formatTime = useDateFormat(true);
  // Two photos are both "a photo": say which is which.
  const text = (field: ChangedField, side: 'before' | 'after') =>
    field.name === 'photo' && field[side]
      ? t(side === 'before' ? 'review.checks.changes.photoBefore' : 'review.checks.changes.photoAfter')
      : answer(field.name, field[side]);
  return (
    <>
      <h3 className="pc-heading-s">{t('review.checks.changes.title')}</h3>
      <p className="pc-body">
        {t('review.checks.changes.intro', { requested: formatTime(changes.requestedAt), resubmitted: formatTime(changes.resubmittedAt) })}
      </p>
      {changes.fields.length === 0 ? (
        <p className="pc-body">{t('review.checks.changes.none')}</p>
      ) : (
        <StaffTable
          id="review-changes-caption"
          caption={t('review.checks.changes.caption', { count: changes.fields.length })}
          rows={changes.fields.map((field) => ({ ...field, id: field.name }))}
          columns={[
            { label: t('review.checks.changes.field'), cell: (field) => label(field) },
            { label: t('review.checks.changes.before'), cell: (field) => text(field, 'before'), className: 'review-wrap' },
            { label: t('review.checks.changes.after'), cell: (field) => text(field, 'after'), className: 'review-wrap' },
          ]}
        />
      )}
    </>
  );
}

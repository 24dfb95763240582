// The declarations and consents on record for an application (issue 23 item 3): who gave them (the
// applicant, the pharmacist through their link, or a staff member's own statement), when, which
// boxes, and the versions of the privacy policy and terms shown.
import { useTranslation } from 'react-i18next';
import type { ConsentRecordView } from '#shared/schemas/consents.ts';

export function ConsentRecords({ consents, formatTime }: { consents: ConsentRecordView[]; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="pc-heading-m">{t('review.consents.title')}</h2>
      {consents.length === 0 ? (
        <p className="pc-body">{t('review.consents.none')}</p>
      ) : (
        <ol className="review-history">
          {consents.map((c) => (
            <li key={c.id}>
              <strong>{c.givenBy === 'staff' ? t('review.consents.staff', { name: c.staffName ?? t('review.consents.deletedUser') }) : t(`review.consents.${c.givenBy}`)}</strong> – {formatTime(c.givenAt)}
              <br />
              {t('review.consents.statements', { count: c.statements.length, list: c.statements.join(', ') })}
              <br />
              {t('review.consents.versions', { privacy: c.privacyVersion, terms: c.termsVersion })}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

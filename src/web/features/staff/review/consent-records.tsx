// The declarations and consents on record for an application (issue 23 item 3): who gave them (the
// applicant, the pharmacist through their link, or a staff member's own statement), when, which
// boxes, and the versions of the privacy policy and terms shown.
import { useTranslation } from 'react-i18next';
import type { ConsentRecordView } from '#shared/schemas/consents.ts';

/** The date part of a version ('it/it/privacy-policy@2026-11-25' → '2026-11-25'). */
const versionDate = (version: string) => version.slice(version.lastIndexOf('@') + 1);

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
              {t('review.consents.statements', { count: c.statements.length, list: c.statements.map((name) => t([`form.fieldNames.${name}`, `steps.fieldNames.${name}`, `staff.fieldNames.${name}`, name])).join(', ') })}
              <br />
              {t('review.consents.versions', {
                privacy: versionDate(c.privacyVersion),
                terms: versionDate(c.termsVersion),
                market: t(`review.market.${c.country}`),
                language: t(`review.language.${c.language}`),
              })}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

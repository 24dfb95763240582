// The declarations and consents on record for an application (issue 23 item 3): who gave them (the
// applicant, the pharmacist through their link, or a staff member's own statement), when, which
// boxes, and the versions of the privacy policy and terms shown.
import { useTranslation } from 'react-i18next';
import { SHORT_FORM_CHECKS, STORED_NAME_OF_CHECK } from '#shared/reference/options.ts';
import type { ConsentRecordView } from '#shared/schemas/consents.ts';

/** The date part of a version ('it/it/privacy-policy@2026-11-25' → '2026-11-25'). */
const versionDate = (version: string) => version.slice(version.lastIndexOf('@') + 1);

/** A staff statement's box (check1), also where a record holds it under its stored name (agreementCheck1). */
const staffBox = (name: string) => SHORT_FORM_CHECKS.find((check) => STORED_NAME_OF_CHECK[check] === name) ?? name;

export interface ConsentRecordsProps {
  consents: ConsentRecordView[];
  formatTime: (iso: string) => string;
  /** A box's words as its form put them (answer-text.ts useFieldLabel). */
  label: (field: { name: string; texts: string }) => string;
  /** The wording namespace of the application's own boxes (their section's). */
  textsOf: (name: string) => string;
}

export function ConsentRecords({ consents, formatTime, label, textsOf }: ConsentRecordsProps) {
  const { t } = useTranslation();
  const statement = (c: ConsentRecordView, name: string) =>
    c.givenBy === 'staff' ? label({ name: staffBox(name), texts: 'staff' }) : label({ name, texts: textsOf(name) });
  return (
    <>
      <h2 className="pc-heading-m">{t('review.consents.title')}</h2>
      {consents.length === 0 ? (
        <p className="pc-body">{t('review.consents.none')}</p>
      ) : (
        <ol className="review-history">
          {consents.map((c) => (
            <li key={c.id}>
              <strong>
                {c.givenBy === 'staff'
                  ? t('review.consents.staff', { name: c.staffName ?? t('review.consents.deletedUser') })
                  : t(`review.consents.${c.givenBy}`)}
              </strong>{' '}
              – {formatTime(c.givenAt)}
              <br />
              {t('review.consents.statements', { count: c.statements.length })}
              <ul className="review-statements">
                {c.statements.map((name) => (
                  <li key={name}>{statement(c, name)}</li>
                ))}
              </ul>
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

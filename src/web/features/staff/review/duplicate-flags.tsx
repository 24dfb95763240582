// Duplicate flags (issue 25 item 4): the other applications sharing this one's registration
// number, pharmacy, mailbox or photo, each linked to its own page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { DuplicateFlag } from '#shared/schemas/review-checks.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';

export function DuplicateFlags({ flags }: { flags: DuplicateFlag[] }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  return (
    <>
      <h3 className="pc-heading-s">{t('review.checks.duplicates.title')}</h3>
      {flags.length === 0 ? (
        <p className="pc-body">{t('review.checks.duplicates.none')}</p>
      ) : (
        <ul className="review-flags">
          {flags.map((flag) => (
            <li key={`${flag.kind}-${flag.applicationId}`}>
              <strong>{t(`review.checks.duplicates.${flag.kind}`)}</strong>{' '}
              <Link to={localPath(routePath('reviewApplication', { applicationId: flag.applicationId }))}>
                {t('review.checks.duplicates.other', {
                  name: `${flag.firstName} ${flag.lastName}`.trim(),
                  reference: flag.reference ?? t('review.checks.duplicates.noReference'),
                  status: t(`review.status.${flag.status}`),
                  market: t(`review.market.${flag.market}`),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

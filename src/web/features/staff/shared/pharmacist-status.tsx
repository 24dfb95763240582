// The pharmacist's confirmation on the manager's and rep's lists and the view (issue 23): awaiting
// their confirmation, confirmed on a date, or their data erased.
import { useTranslation } from 'react-i18next';
import type { PharmacistConfirmation } from '#shared/schemas/field-confirmation.ts';
import { useSite } from '../../../lib/site-context.tsx';
import { LANGUAGE_TAG } from '#shared/markets.ts';

/** `inView`: a line of the view page (label in bold, body text) rather than of a list row. */
export function PharmacistStatus({ pharmacist, inView = false }: { pharmacist: PharmacistConfirmation | null | undefined; inView?: boolean }) {
  const { t } = useTranslation();
  const { config } = useSite();
  if (!pharmacist) return null;
  const date = pharmacist.confirmedAt
    ? new Date(pharmacist.confirmedAt).toLocaleDateString(LANGUAGE_TAG[config.language], { day: 'numeric', month: 'long', year: 'numeric' })
    : '';
  const text = pharmacist.status === 'confirmed' ? t('staff.pharmacist.confirmed', { date }) : t(`staff.pharmacist.${pharmacist.status}`);
  if (inView) {
    return (
      <p className="pc-body">
        <strong>{t('staff.pharmacist.label')}:</strong> {text}
      </p>
    );
  }
  return (
    <p className="staff-list__meta">
      {t('staff.pharmacist.label')}: {text}
    </p>
  );
}

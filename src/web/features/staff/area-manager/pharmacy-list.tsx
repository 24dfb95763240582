// One page of the manager's pharmacies: name, full address, current call flag, the next visit's day
// in words (as the rep's list has it) and View, which opens /areamanager/view with the row in
// navigation state (the view fetches it on a reload).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { AreaManagerPharmacyItem } from '#shared/schemas/staff.ts';
import { fieldToday } from '#shared/visit-due.ts';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { dayInWords } from '../../../lib/visit-days.ts';
import { useCallFlagText } from '../../../lib/use-call-flag-text.ts';
import { PharmacistStatus } from '../shared/pharmacist-status.tsx';

export function PharmacyList({ items }: { items: AreaManagerPharmacyItem[] }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const flagText = useCallFlagText();
  const { config } = useSite();
  const thisYear = fieldToday().slice(0, 4);
  return (
    <ul className="staff-list" aria-label={t('staff.areaManagerHome.listLabel')}>
      {items.map((pharmacy) => (
        <li key={pharmacy.id} className="staff-list__item staff-list__item--row">
          <div>
            <p className="staff-list__name">{pharmacy.pharmacyName}</p>
            <p className="staff-list__address">{pharmacy.fullAddress}</p>
            <p className="staff-list__meta">
              {t('staff.areaManagerHome.flag')}: {pharmacy.currentCallFlag ? flagText(pharmacy.currentCallFlag) : t('staff.areaManagerHome.noFlag')}
              {pharmacy.nextVisit ? ` · ${t('staff.areaManagerHome.nextVisit', { date: dayInWords(pharmacy.nextVisit, config.language, thisYear) })}` : ''}
            </p>
            <p className="staff-list__meta">
              {t('staff.areaManagerView.rep')}: {pharmacy.repName ?? t('staff.areaManagerReps.noRep')}
            </p>
            <PharmacistStatus pharmacist={pharmacy.pharmacist} />
          </div>
          <Link
            className="pc-button pc-button--secondary staff-table__action"
            to={`${localPath(routePath('areaManagerView'))}?id=${encodeURIComponent(pharmacy.id)}`}
            state={{ pharmacy }}
          >
            {t('staff.areaManagerHome.view')} <span className="visually-hidden">{pharmacy.pharmacyName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

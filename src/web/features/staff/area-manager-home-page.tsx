// /areamanager/home/{areaManagerId} (spec §2): the manager's pharmacies, name and full address.
// Read-only for now: adding a pharmacy or a rep and the CSV export come with their own issues.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ownAreaManagerId } from '#shared/staff-home.ts';
import { ErrorView } from '../../components/error-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { getAreaManagerPharmacies } from './api/get-area-manager-pharmacies.ts';
import { NoAccess } from './no-access.tsx';
import { useStaffUser } from './staff-session.tsx';
import { usePageTitle } from './use-page-title.ts';
import { useStaffList } from './use-staff-list.ts';

// chart.js and Leaflet load only with the dashboard.
const Dashboard = lazy(() => import('./dashboard/dashboard.tsx'));

export function AreaManagerHomePage() {
  const { t } = useTranslation();
  const { areaManagerId = '' } = useParams();
  const user = useStaffUser();
  const [state] = useStaffList((signal) => getAreaManagerPharmacies(areaManagerId, signal), [areaManagerId]);
  usePageTitle('staff.areaManagerHome.title');
  const own = ownAreaManagerId(user) === areaManagerId;

  if (state.kind === 'loading') return <Spinner label={t('staff.areaManagerHome.loading')} />;
  if (state.kind === 'forbidden') return <NoAccess />;
  if (state.kind === 'failed') return <ErrorView message={t('staff.networkError')} />;

  return (
    <div className="staff-page">
      <h1 className="pc-heading-l">{t(own ? 'staff.areaManagerHome.ownTitle' : 'staff.areaManagerHome.title')}</h1>
      <Suspense fallback={<Spinner label={t('staff.dashboard.loading')} />}>
        <Dashboard areaManagerId={areaManagerId} />
      </Suspense>
      {state.items.length === 0 ? (
        <p className="pc-body">{t('areaManager.noPharFound')}</p>
      ) : (
        <>
          <p className="pc-body">{t('staff.areaManagerHome.count', { count: state.items.length })}</p>
          <ul className="staff-list" aria-label={t('staff.areaManagerHome.listLabel')}>
            {state.items.map((pharmacy) => (
              <li key={pharmacy.id} className="staff-list__item">
                <p className="staff-list__name">{pharmacy.pharmacyName}</p>
                <p className="staff-list__address">{pharmacy.fullAddress}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

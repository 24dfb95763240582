// /areamanager/home/{areaManagerId} (spec §2, issue 12 item 1): the manager's pharmacies a page
// at a time (name, full address, current call flag, View), searched by name or city, filtered
// by call flag or "due for a visit", with add pharmacy, add rep and CSV export (the machine file,
// and the readable visits of a range of days: visits-csv-form.tsx). The filters live
// in the address (?q=&callFlag=&due=1&page=), so a reload or Back keeps them. Apart from "Add a
// pharmacy", the actions and the filters fold away (open while a filter is on), so that on a
// phone the first pharmacy shows on the first screen (issue 39 item 12).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { routePath } from '#shared/routes.ts';
import { PHARMACY_PAGE_SIZE } from '#shared/schemas/staff.ts';
import { ownAreaManagerId } from '#shared/staff-home.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { csvExportPath, getPharmacyPage, type PharmacyFilters } from './api/area-manager-pharmacies.ts';
import { NoAccess } from '../session/no-access.tsx';
import { PharmacyFilterForm } from './pharmacy-filter-form.tsx';
import { PharmacyList } from './pharmacy-list.tsx';
import { PharmacyPager } from '../shared/pharmacy-pager.tsx';
import { useStaffUser } from '../session/staff-session.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { VisitsCsvForm } from './visits-csv-form.tsx';

function filtersFrom(search: URLSearchParams): PharmacyFilters {
  const page = Number(search.get('page') ?? '1');
  return {
    q: search.get('q') ?? '',
    callFlag: search.get('callFlag') ?? '',
    due: search.get('due') === '1',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function searchOf(filters: PharmacyFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.q) out.q = filters.q;
  if (filters.callFlag) out.callFlag = filters.callFlag;
  if (filters.due) out.due = '1';
  if (filters.page > 1) out.page = String(filters.page);
  return out;
}

// chart.js and Leaflet load only with the dashboard.
const Dashboard = lazy(() => import('./dashboard/dashboard.tsx'));

export function AreaManagerHomePage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const { areaManagerId = '' } = useParams();
  const user = useStaffUser();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);
  const key = search.toString();
  const [state] = useStaffLoad((signal) => getPharmacyPage(areaManagerId, filtersFrom(new URLSearchParams(key)), signal), [areaManagerId, key]);
  usePageTitle('staff.areaManagerHome.title');
  const own = ownAreaManagerId(user) === areaManagerId;

  if (state.kind === 'forbidden') return <NoAccess />;
  if (state.kind === 'failed') return <ErrorView message={t('staff.networkError')} />;

  const filtered = Boolean(filters.q || filters.callFlag || filters.due);
  const pages = state.kind === 'ok' ? Math.max(1, Math.ceil(state.total / PHARMACY_PAGE_SIZE)) : 1;
  return (
    <div className="staff-page">
      <h1 className="pc-heading-l">{t(own ? 'staff.areaManagerHome.ownTitle' : 'staff.areaManagerHome.title')}</h1>
      <div className="pc-button-group staff-actions">
        <Link className="pc-button" to={localPath(routePath('areaManagerForm', { areaManagerId }))}>
          {t('staff.areaManagerHome.addPharmacy')}
        </Link>
      </div>
      <details className="staff-fold">
        <summary>{t('staff.areaManagerHome.moreActions')}</summary>
        <div className="pc-button-group staff-actions">
          <Link className="pc-button pc-button--secondary" to={localPath(routePath('areaManagerAddRep', { areaManagerId }))}>
            {t('staff.areaManagerHome.addRep')}
          </Link>
          <Link className="pc-button pc-button--secondary" to={localPath(routePath('areaManagerReps', { areaManagerId }))}>
            {t('staff.areaManagerReps.navLink')}
          </Link>
          <a className="pc-button pc-button--secondary" href={csvExportPath(areaManagerId)} download>
            {t('staff.areaManagerHome.exportCsv')}
          </a>
        </div>
        <VisitsCsvForm areaManagerId={areaManagerId} />
      </details>
      <details className="staff-fold" open={filtered}>
        <summary>{t(filtered ? 'staff.areaManagerHome.filtersOn' : 'staff.areaManagerHome.filters')}</summary>
        <PharmacyFilterForm key={key} filters={filters} onApply={(next) => setSearch(searchOf({ ...next, page: 1 }))} />
      </details>
      {state.kind === 'loading' ? (
        <Spinner label={t('staff.areaManagerHome.loading')} />
      ) : state.total === 0 ? (
        <p className="pc-body" role="status">
          {t(filtered ? 'staff.areaManagerHome.noMatch' : 'areaManager.noPharFound')}
        </p>
      ) : (
        <>
          <p className="pc-body" role="status">
            {t('staff.areaManagerHome.count', { count: state.total })}
          </p>
          <PharmacyList items={state.items} />
          <PharmacyPager
            page={Math.min(filters.page, pages)}
            pages={pages}
            pathOf={(page) => `?${new URLSearchParams(searchOf({ ...filters, page })).toString()}`}
          />
        </>
      )}
      <Suspense fallback={<Spinner label={t('staff.dashboard.loading')} />}>
        <Dashboard areaManagerId={areaManagerId} />
      </Suspense>
    </div>
  );
}

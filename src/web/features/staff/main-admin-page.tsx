// /areamanager/mainadmin (spec §2): every area manager with first name, last name, e-mail and id,
// and a View link to their home, and a link to add one (its own page). 403 for everyone else.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '#shared/routes.ts';
import { useLocalPath } from '../../lib/site-context.tsx';
import { ErrorView } from '../../components/error-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { getAreaManagers } from './api/get-area-managers.ts';
import { NoAccess } from './no-access.tsx';
import { usePageTitle } from './use-page-title.ts';
import { useStaffLoad } from './use-staff-load.ts';
import { ReviewDeskLinks } from './review/review-nav.tsx';

export function MainAdminPage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const [state] = useStaffLoad(getAreaManagers, []);
  usePageTitle('staff.mainAdmin.title');

  if (state.kind === 'loading') return <Spinner label={t('staff.mainAdmin.loading')} />;
  if (state.kind === 'forbidden') return <NoAccess />;
  if (state.kind === 'failed') return <ErrorView message={t('staff.networkError')} />;

  return (
    <div className="staff-page">
      <h1 className="pc-heading-l">{t('staff.mainAdmin.title')}</h1>
      <p className="pc-body">
        <Link className="pc-button" to={localPath(routePath('addAreaManager'))}>
          {t('staff.addAreaManager.title')}
        </Link>
      </p>
      {state.items.length === 0 ? (
        <p className="pc-body">{t('areaManager.NoareaManager')}</p>
      ) : (
        <div className="staff-table-wrap" role="region" aria-labelledby="area-managers-caption" tabIndex={0}>
          <table className="staff-table">
            <caption id="area-managers-caption" className="staff-table__caption">
              {t('staff.mainAdmin.caption', { count: state.items.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.mainAdmin.firstName')}</th>
                <th scope="col">{t('staff.mainAdmin.lastName')}</th>
                <th scope="col">{t('staff.mainAdmin.email')}</th>
                <th scope="col">{t('staff.mainAdmin.id')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.mainAdmin.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((manager) => (
                <tr key={manager.id}>
                  <td data-label={t('staff.mainAdmin.firstName')}>{manager.firstName}</td>
                  <td data-label={t('staff.mainAdmin.lastName')}>{manager.lastName}</td>
                  <td data-label={t('staff.mainAdmin.email')}>{manager.email}</td>
                  <td data-label={t('staff.mainAdmin.id')}>
                    <code className="staff-id">{manager.id}</code>
                  </td>
                  <td>
                    <Link className="pc-button pc-button--secondary staff-table__action" to={localPath(`/areamanager/home/${encodeURIComponent(manager.id)}`)}>
                      {t('staff.mainAdmin.view')}{' '}
                      <span className="visually-hidden">{t('staff.mainAdmin.viewWhom', { name: `${manager.firstName} ${manager.lastName}` })}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ReviewDeskLinks />
    </div>
  );
}

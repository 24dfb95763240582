// /areamanager/mainadmin (spec §2): every area manager with first name, last name, e-mail and id,
// and a View link to their home, and a link to add one (its own page); the ways to the review desk
// and to the activity log. 403 for everyone else.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '#shared/routes.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { getAreaManagers } from './api/get-area-managers.ts';
import { NoAccess } from '../session/no-access.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { ReviewDeskLinks } from '../review/review-nav.tsx';
import { StaffTable } from '../shared/staff-table.tsx';

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
        <StaffTable
          id="area-managers-caption"
          caption={t('staff.mainAdmin.caption', { count: state.items.length })}
          rows={state.items}
          columns={[
            { label: t('staff.mainAdmin.firstName'), cell: (manager) => manager.firstName },
            { label: t('staff.mainAdmin.lastName'), cell: (manager) => manager.lastName },
            { label: t('staff.mainAdmin.email'), cell: (manager) => manager.email },
            { label: t('staff.mainAdmin.id'), cell: (manager) => <code className="staff-id">{manager.id}</code> },
            {
              label: t('staff.mainAdmin.actions'),
              hiddenLabel: true,
              cell: (manager) => (
                <Link
                  className="pc-button pc-button--secondary staff-table__action"
                  to={localPath(routePath('areaManagerHome', { areaManagerId: manager.id }))}
                >
                  {t('staff.mainAdmin.view')}{' '}
                  <span className="visually-hidden">{t('staff.mainAdmin.viewWhom', { name: `${manager.firstName} ${manager.lastName}` })}</span>
                </Link>
              ),
            },
          ]}
        />
      )}
      <ReviewDeskLinks />
      <section className="staff-add" aria-labelledby="activity-log-link">
        <h2 id="activity-log-link" className="pc-heading-m">
          {t('staff.activityLog.title')}
        </h2>
        <p className="pc-body">
          <Link to={localPath(routePath('activityLog'))}>{t('staff.activityLog.link')}</Link>
        </p>
      </section>
    </div>
  );
}

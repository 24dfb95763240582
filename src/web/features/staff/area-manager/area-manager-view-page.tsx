// /areamanager/view?id= (spec §2, issue 12 item 2): a pharmacy's name, its current call flag
// (underscores as spaces, each word capitalised) and its call history newest first. The list
// row comes in navigation state, so the name shows at once; the record with its history is
// fetched (which is also what a reload does).
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { AreaManagerPharmacyDetail, AreaManagerPharmacyItem, CallHistoryEntry } from '#shared/schemas/staff.ts';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { useCallFlagText } from '../../../lib/use-call-flag-text.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { getPharmacy } from './api/area-manager-pharmacies.ts';
import { NoAccess } from '../session/no-access.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { PharmacistStatus } from '../shared/pharmacist-status.tsx';

function HistoryEntry({ entry }: { entry: CallHistoryEntry }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const flagText = useCallFlagText();
  const date = new Intl.DateTimeFormat(config.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(entry.at));
  const month = entry.month ? new Intl.DateTimeFormat(config.language, { month: 'long' }).format(new Date(2024, entry.month - 1, 1)) : '–';
  const nextVisit = entry.nextVisit ? new Intl.DateTimeFormat(config.language, { dateStyle: 'long' }).format(new Date(`${entry.nextVisit}T12:00:00`)) : '–';
  return (
    <li className="staff-history__entry">
      <dl>
        <dt>{t('staff.areaManagerView.date')}</dt>
        <dd>{date}</dd>
        <dt>{t('staff.areaManagerView.rep')}</dt>
        <dd>{entry.byName ?? '–'}</dd>
        <dt>{t('staff.areaManagerView.flag')}</dt>
        <dd>{flagText(entry.callFlag)}</dd>
        <dt>{t('staff.areaManagerView.month')}</dt>
        <dd>{month}</dd>
        <dt>{t('staff.areaManagerView.note')}</dt>
        <dd>{entry.note || '–'}</dd>
        <dt>{t('staff.areaManagerView.nextVisit')}</dt>
        <dd>{nextVisit}</dd>
      </dl>
    </li>
  );
}

export function AreaManagerViewPage() {
  const flagText = useCallFlagText();
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const [search] = useSearchParams();
  const passed = (useLocation().state as { pharmacy?: AreaManagerPharmacyItem } | null)?.pharmacy;
  const id = search.get('id') ?? passed?.id ?? '';
  const [state] = useStaffLoad((signal) => getPharmacy(id, signal), [id]);
  usePageTitle('staff.areaManagerView.title');

  if (state.kind === 'forbidden') return <NoAccess />;
  if (state.kind === 'failed') return <ErrorView message={t('staff.networkError')} />;
  const pharmacy: Pick<AreaManagerPharmacyDetail, 'pharmacyName' | 'currentCallFlag'> | undefined = state.kind === 'ok' ? state.pharmacy : passed;
  const detail = state.kind === 'ok' ? state.pharmacy : null;

  return (
    <div className="staff-page">
      <h1 className="pc-heading-l">{pharmacy?.pharmacyName ?? t('staff.areaManagerView.title')}</h1>
      {pharmacy ? (
        <p className="pc-body">
          <strong>{t('staff.areaManagerView.currentFlag')}:</strong>{' '}
          {pharmacy.currentCallFlag ? flagText(pharmacy.currentCallFlag) : t('staff.areaManagerHome.noFlag')}
        </p>
      ) : null}
      {detail ? (
        <>
          <p className="pc-body">{detail.fullAddress}</p>
          <p className="pc-body">
            <strong>{t('staff.areaManagerView.rep')}:</strong> {detail.repName ?? t('staff.areaManagerReps.noRep')}
          </p>
          <PharmacistStatus pharmacist={detail.pharmacist} inView />
          <div className="pc-button-group">
            <Link className="pc-button pc-button--secondary" to={localPath(routePath('areaManagerPharmacyEdit', { id: detail.id }))}>
              {t('staff.areaManagerView.edit')}
            </Link>
            <Link className="pc-button pc-button--secondary" to={localPath(routePath('areaManagerHome', { areaManagerId: detail.areaManagerId }))}>
              {t('staff.areaManagerView.back')}
            </Link>
            <Link className="pc-button pc-button--secondary" to={localPath(routePath('areaManagerReps', { areaManagerId: detail.areaManagerId }))}>
              {t('staff.areaManagerReps.navLink')}
            </Link>
          </div>
        </>
      ) : null}
      <h2 className="pc-heading-m">{t('staff.areaManagerView.history')}</h2>
      {!detail ? (
        <Spinner label={t('staff.areaManagerView.loading')} />
      ) : detail.callHistory.length === 0 ? (
        <p className="pc-body">{t('staff.areaManagerView.noHistory')}</p>
      ) : (
        <ol className="staff-history">
          {detail.callHistory.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}

// /rep/home/{repId} (spec §2, issue 12 item 5): the rep's assigned pharmacies, each with its
// address, its current outcome and Edit; updates made offline show as waiting until they are sent.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { FieldPharmacyItem } from '#shared/schemas/staff.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { useOutbox, type OutboxEntry } from '../../../forms/offline-outbox.ts';
import { NoAccess } from '../no-access.tsx';
import { useStaffUser } from '../staff-session.tsx';
import { usePageTitle } from '../use-page-title.ts';
import { useStaffLoad } from '../use-staff-load.ts';
import { getRepPharmacies } from './get-rep-pharmacies.ts';
import { RefusedUpdates } from './refused-updates.tsx';
import { repFormPath } from './rep-paths.ts';
import './rep.css';
import { PharmacistStatus } from '../pharmacist-status.tsx';

function PharmacyRow({ pharmacy, waiting }: { pharmacy: FieldPharmacyItem; waiting?: OutboxEntry }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const flag = pharmacy.currentCallFlag;
  const waitingFlag = typeof waiting?.payload.callFlag === 'string' ? waiting.payload.callFlag : null;
  return (
    <li className="staff-list__item rep-list__item">
      <div className="rep-list__text">
        <p className="staff-list__name">{pharmacy.pharmacyName}</p>
        <p className="staff-list__address">{pharmacy.fullAddress}</p>
        <p className="rep-list__flag">{flag ? t('staff.repHome.currentFlag', { flag: t(`callFlag.${flag}`, { defaultValue: flag }) }) : t('staff.repHome.noVisit')}</p>
        <PharmacistStatus pharmacist={pharmacy.pharmacist} />
        {waiting ? (
          <p className="rep-pending-tag">{t('staff.repHome.waiting', { flag: waitingFlag ? t(`callFlag.${waitingFlag}`, { defaultValue: waitingFlag }) : '' })}</p>
        ) : null}
      </div>
      <Link className="pc-button pc-button--secondary rep-list__edit" to={localPath(repFormPath(pharmacy.id))} aria-label={t('staff.repHome.editLabel', { name: pharmacy.pharmacyName })}>
        {t('staff.repHome.edit')}
      </Link>
    </li>
  );
}

export function RepHomePage() {
  const { t } = useTranslation();
  const { repId = '' } = useParams();
  const user = useStaffUser();
  const [state, reload] = useStaffLoad((signal) => getRepPharmacies(repId, signal), [repId], { keepWhileReloading: true });
  const { pending, refused } = useOutbox('rep-visit');
  usePageTitle('staff.repHome.title');

  // An update sent from the queue changes a pharmacy's outcome: read the list again.
  const waitingCount = useRef(pending.length);
  useEffect(() => {
    if (pending.length < waitingCount.current) reload();
    waitingCount.current = pending.length;
  }, [pending.length, reload]);

  if (state.kind === 'loading') return <Spinner label={t('staff.repHome.loading')} />;
  if (state.kind === 'forbidden') return <NoAccess />;

  const waitingNotice = pending.length ? (
    <div className="rep-notice rep-pending" role="status">
      <p className="pc-body">{t('staff.repHome.waitingCount', { count: pending.length })}</p>
    </div>
  ) : null;
  if (state.kind === 'failed') {
    return (
      <>
        <ErrorView message={t('staff.networkError')} />
        {waitingNotice}
      </>
    );
  }

  return (
    <div className="staff-page">
      <h1 className="pc-heading-l">{t(user.id === repId ? 'staff.repHome.ownTitle' : 'staff.repHome.title')}</h1>
      {waitingNotice}
      <RefusedUpdates entries={refused} />
      {state.items.length === 0 ? (
        <p className="pc-body">{t('rep.NopharmcyList')}</p>
      ) : (
        <ul className="staff-list" aria-label={t('staff.repHome.listLabel')}>
          {state.items.map((pharmacy) => (
            <PharmacyRow key={pharmacy.id} pharmacy={pharmacy} waiting={pending.find((e) => e.recordId === pharmacy.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

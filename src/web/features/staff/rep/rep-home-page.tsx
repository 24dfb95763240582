// /rep/home/{repId} (spec §2, issue 12 item 5, issue 24 item 3): the rep's assigned pharmacies in
// visit order (overdue, due today, later, none; src/shared/visit-due.ts), each with its due day in
// words, its address, its current outcome and Edit; the header says how many visits are due. The
// rep may sort pharmacies due on the same day by distance (the position is asked for only when
// they press the button, the list works without it, and it never leaves the phone: issue 42 item 7),
// and open a map of them by outcome.
// Updates made offline show as waiting until they are sent.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { RepPharmacyItem } from '#shared/schemas/staff-rep-list.ts';
import { distanceKm, dueStateOf, fieldToday, orderByVisitDue, type Position } from '#shared/visit-due.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { useMyLocation, type LocationState } from '../../../lib/use-my-location.ts';
import { dayInWords } from '../../../lib/visit-days.ts';
import { dayContext } from '../../../lib/day-context.ts';
import { useOutbox, type OutboxEntry } from '../../../forms/offline-outbox.ts';
import type { ListResult } from '../shared/api/staff-list.ts';
import { NoAccess } from '../session/no-access.tsx';
import { useStaffUser } from '../session/staff-session.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { getRepPharmacies } from './get-rep-pharmacies.ts';
import { RefusedUpdates } from './refused-updates.tsx';
import { repFormPath } from './rep-paths.ts';
import { RepMap } from './rep-map.tsx';
import './rep.css';
import { PharmacistStatus } from '../shared/pharmacist-status.tsx';
import { useCallFlagText } from '../../../lib/use-call-flag-text.ts';

function DueWords({ nextVisit, today }: { nextVisit: string | null; today: string }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const state = dueStateOf(nextVisit, today);
  const date = nextVisit ? dayInWords(nextVisit, config.language, today.slice(0, 4)) : '';
  const words =
    state === 'overdue'
      ? t('repToday.overdue', { date, context: dayContext(date) })
      : state === 'today'
        ? t('repToday.today')
        : state === 'upcoming'
          ? t('repToday.upcoming', { date })
          : t('repToday.none');
  return <p className={`rep-due rep-due--${state}`}>{words}</p>;
}

function PharmacyRow({ pharmacy, today, position, waiting }: { pharmacy: RepPharmacyItem; today: string; position: Position | null; waiting?: OutboxEntry }) {
  const { t } = useTranslation();
  const flagText = useCallFlagText();
  const { config } = useSite();
  const localPath = useLocalPath();
  const flag = pharmacy.currentCallFlag;
  const waitingFlag = typeof waiting?.payload.callFlag === 'string' ? waiting.payload.callFlag : null;
  const km = position && pharmacy.lat !== null && pharmacy.lng !== null ? distanceKm(position, { lat: pharmacy.lat, lng: pharmacy.lng }) : null;
  return (
    <li className={`staff-list__item rep-list__item rep-list__item--${dueStateOf(pharmacy.nextVisit, today)}`}>
      <div className="rep-list__text">
        <p className="staff-list__name">{pharmacy.pharmacyName}</p>
        <DueWords nextVisit={pharmacy.nextVisit} today={today} />
        <p className="staff-list__address">{pharmacy.fullAddress}</p>
        {km !== null ? (
          <p className="rep-list__distance">
            {t('repToday.distance', { km: new Intl.NumberFormat(config.language, { maximumFractionDigits: 1 }).format(km) })}
          </p>
        ) : null}
        <p className="rep-list__flag">{flag ? t('staff.repHome.currentFlag', { flag: flagText(flag) }) : t('staff.repHome.noVisit')}</p>
        <PharmacistStatus pharmacist={pharmacy.pharmacist} />
        {waiting ? <p className="rep-pending-tag">{t('staff.repHome.waiting', { flag: waitingFlag ? flagText(waitingFlag) : '' })}</p> : null}
      </div>
      <Link
        className="pc-button pc-button--secondary rep-list__edit"
        to={localPath(repFormPath(pharmacy.id))}
        aria-label={t('staff.repHome.editLabel', { name: pharmacy.pharmacyName })}
      >
        {t('staff.repHome.edit')}
      </Link>
    </li>
  );
}

/** The visits due today or overdue, in words. */
function DueSummary({ pharmacies, today }: { pharmacies: readonly RepPharmacyItem[]; today: string }) {
  const { t } = useTranslation();
  const states = pharmacies.map((p) => dueStateOf(p.nextVisit, today));
  const overdue = states.filter((s) => s === 'overdue').length;
  const dueToday = states.filter((s) => s === 'today').length;
  return (
    <p className="rep-due-summary">
      <strong>{overdue + dueToday === 0 ? t('repToday.dueNone') : t('repToday.dueSummary', { count: overdue + dueToday, overdue, today: dueToday })}</strong>
    </p>
  );
}

const LOCATION_PROBLEMS: Partial<Record<LocationState, string>> = {
  denied: 'repToday.denied',
  unavailable: 'repToday.unavailable',
  unsupported: 'repToday.unsupported',
};

/** "Sort by distance": the position only on the rep's press, and what became of it. */
function DistanceSort({
  position,
  onPosition,
  state,
  locate,
}: {
  position: Position | null;
  onPosition: (position: Position | null) => void;
  state: LocationState;
  locate: () => void;
}) {
  const { t } = useTranslation();
  const problem = LOCATION_PROBLEMS[state];
  const message = state === 'locating' ? t('repToday.locating') : position ? t('repToday.sorted') : problem ? t(problem) : '';
  return (
    <div className="rep-distance">
      {position ? (
        <button type="button" className="pc-button pc-button--secondary" onClick={() => onPosition(null)}>
          {t('repToday.stopSorting')}
        </button>
      ) : (
        <button type="button" className="pc-button pc-button--secondary" onClick={locate} disabled={state === 'locating'}>
          {t('repToday.sortByDistance')}
        </button>
      )}
      <p className="pc-body rep-distance__status" role="status">
        {message}
      </p>
    </div>
  );
}

export function RepHomePage() {
  const { t } = useTranslation();
  const { repId = '' } = useParams();
  const user = useStaffUser();
  const [position, setPosition] = useState<Position | null>(null);
  const { state: locationState, locate } = useMyLocation(useCallback((found: Position) => setPosition(found), []));
  const [state, reload] = useStaffLoad(
    async (signal): Promise<ListResult<RepPharmacyItem>> => {
      return getRepPharmacies(repId, signal).catch((): ListResult<RepPharmacyItem> => ({ kind: 'failed' }));
    },
    [repId],
    { keepWhileReloading: true },
  );
  const { pending, refused } = useOutbox('rep-visit');
  usePageTitle('staff.repHome.title');

  // An update sent from the queue changes a pharmacy's outcome: read the list again.
  const waitingCount = useRef(pending.length);
  useEffect(() => {
    if (pending.length < waitingCount.current) reload();
    waitingCount.current = pending.length;
  }, [pending.length, reload]);

  // The server's order, again on the phone: a list kept from an earlier day reads right today.
  const today = fieldToday();
  const items = state.kind === 'ok' ? state.items : null;
  const ordered = useMemo(() => (items ? orderByVisitDue(items, today, position) : []), [items, today, position]);

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
      {ordered.length > 0 ? <DueSummary pharmacies={ordered} today={today} /> : null}
      {waitingNotice}
      <RefusedUpdates entries={refused} />
      {ordered.length === 0 ? (
        <p className="pc-body">{t('rep.NopharmcyList')}</p>
      ) : (
        <>
          <div className="rep-tools">
            <p className="pc-body rep-tools__order">{t('repToday.order')}</p>
            <DistanceSort position={position} onPosition={setPosition} state={locationState} locate={locate} />
            <RepMap pharmacies={ordered} />
          </div>
          <ul className="staff-list" aria-label={t('staff.repHome.listLabel')}>
            {ordered.map((pharmacy) => (
              <PharmacyRow key={pharmacy.id} pharmacy={pharmacy} today={today} position={position} waiting={pending.find((e) => e.recordId === pharmacy.id)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

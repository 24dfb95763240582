// /rep/form?pharmacyId= (spec §2 screen 12): the rep-visit entry of the catalogue (its own lazily
// loaded module, decision 0086), rendered by the one form page, prefilled from GET
// /api/rep-get-pharmacy; an update still waiting to be sent (made offline) is said here too, and
// sent as soon as the connection allows.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { staffHomePath } from '#shared/staff-home.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { FormEntry } from '../../../forms/form-entry.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { useStaffUser } from '../session/staff-session.tsx';
import { REP_HOME_MESSAGE_FILES } from './rep-messages.ts';
import './rep.css';

/** Said when an update of this pharmacy made offline still waits; loaded after the form (it is rarely there). */
const WaitingNotice = lazy(() => import('./rep-form-waiting.tsx').then((m) => ({ default: m.RepFormWaiting })));

export function RepFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pharmacyId = params.get('pharmacyId') ?? '';
  const user = useStaffUser();
  const localPath = useLocalPath();
  // A submit made offline goes on to the thank-you page, and the rep back to the list: their code
  // is fetched now, while there is a connection (the visit form's entry fetches its own).
  useEffect(() => {
    void import('./rep-thank-you-page.tsx').catch(() => undefined);
    void import('./rep-home-page.tsx').catch(() => undefined);
    void loadFeatureMessages(REP_HOME_MESSAGE_FILES).catch(() => undefined);
  }, []);
  if (!pharmacyId) return <ErrorView />;
  return (
    <>
      <Link className="rep-back" to={localPath(staffHomePath(user))}>
        {t('staff.repVisit.back')}
      </Link>
      <Suspense fallback={null}>
        <WaitingNotice pharmacyId={pharmacyId} />
      </Suspense>
      <FormEntry id="rep-visit" key={pharmacyId} forbidden={<NoAccess />} />
    </>
  );
}

// /rep/form?pharmacyId= (spec §2 screen 12): the rep-visit entry of the catalogue, rendered by the
// one form page, prefilled from GET /api/rep-get-pharmacy; an update still waiting to be sent
// (made offline) is said here too.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FORMS } from '#shared/forms/catalogue.ts';
import { staffHomePath } from '#shared/staff-home.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { FIELD_FORCE_SECTIONS } from '../../../forms/field-force-sections.tsx';
import { FormPage } from '../../../forms/form-page.tsx';
import { useOutbox } from '../../../forms/offline-outbox.ts';
import { useStaffUser } from '../staff-session.tsx';
import './rep.css';

export function RepFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pharmacyId = params.get('pharmacyId') ?? '';
  const user = useStaffUser();
  const localPath = useLocalPath();
  const { pending } = useOutbox('rep-visit');
  // A submit made offline goes on to the thank-you page, and the rep back to the list: their code
  // is fetched now, while there is a connection.
  useEffect(() => {
    void import('./rep-thank-you-page.tsx').catch(() => undefined);
    void import('./rep-home-page.tsx').catch(() => undefined);
  }, []);
  if (!pharmacyId) return <ErrorView />;
  const waiting = pending.some((entry) => entry.recordId === pharmacyId);
  return (
    <>
      <Link className="rep-back" to={localPath(staffHomePath(user))}>
        {t('staff.repVisit.back')}
      </Link>
      {waiting ? (
        <div className="rep-notice" role="status">
          <p className="pc-body">{t('staff.repVisit.waiting')}</p>
        </div>
      ) : null}
      <FormPage key={pharmacyId} form={FORMS['rep-visit']} sections={FIELD_FORCE_SECTIONS} />
    </>
  );
}

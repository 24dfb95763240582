// The area manager's forms, each a catalogue entry rendered by the one form runner: add a
// pharmacy (/areamanager/form/{areaManagerId}, screens 7 then 3), add a rep
// (/areamanager/add/rep/{areaManagerId}, screen 11) and edit a pharmacy's details and rep
// (/areamanager/pharmacy/edit/{id}). The page only names the area manager or the record.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { FORMS } from '#shared/forms/catalogue.ts';
import { routePath } from '#shared/routes.ts';
import type { AreaManagerPharmacyDetail } from '#shared/schemas/staff.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FormPage } from '../../../forms/form-page.tsx';
import { FIELD_FORCE_SECTIONS } from '../../../forms/field-force-sections.tsx';
import { getPharmacy } from './api/area-manager-pharmacies.ts';
import { NoAccess } from '../session/no-access.tsx';
import { useStaffLoad } from '../shared/use-staff-load.ts';

/** Screens 7 (step 1, at /areamanager/form/{id}) and 3 (step 2, at /areamanager/form/{id}/2). */
export function AreaManagerFormPage() {
  const { areaManagerId = '', step: stepParam } = useParams();
  const localPath = useLocalPath();
  const values = useMemo(() => ({ areaManagerId }), [areaManagerId]);
  const step = stepParam === undefined ? 1 : stepParam === '2' ? 2 : null;
  if (step === null) return <Navigate to={localPath(routePath('areaManagerForm', { areaManagerId }))} replace />;
  const stepPath = (n: number) =>
    n === 1 ? routePath('areaManagerForm', { areaManagerId }) : routePath('areaManagerFormStep', { areaManagerId, step: String(n) });
  const home = routePath('areaManagerHome', { areaManagerId });
  return (
    <FormPage key={step} form={FORMS['areamanager-pharmacy']} sections={FIELD_FORCE_SECTIONS} step={step} values={values} stepPath={stepPath} backTo={home} />
  );
}

export function AddRepPage() {
  const { areaManagerId = '' } = useParams();
  const values = useMemo(() => ({ areaManagerId }), [areaManagerId]);
  return <FormPage form={FORMS['add-rep']} sections={FIELD_FORCE_SECTIONS} values={values} />;
}

/** The form's values from the stored pharmacy (screen 7's fields). */
function editValues(pharmacy: AreaManagerPharmacyDetail): Record<string, unknown> {
  return {
    pharmacyId: pharmacy.id,
    salesRep: pharmacy.salesRep ?? '',
    oncStatus: pharmacy.oncStatus ?? '',
    whereYouWork: pharmacy.whereYouWork,
    placeId: pharmacy.placeId ?? '',
    lat: pharmacy.lat ?? '',
    lng: pharmacy.lng ?? '',
    address: pharmacy.address,
    city: pharmacy.city ?? '',
    region: pharmacy.region ?? '',
    prov: pharmacy.prov ?? '',
    // The rep choice lists the reps of the pharmacy's own manager.
    areaManagerId: pharmacy.areaManagerId,
  };
}

export function PharmacyEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [state] = useStaffLoad((signal) => getPharmacy(id, signal), [id]);
  const values = useMemo(() => (state.kind === 'ok' ? editValues(state.pharmacy) : undefined), [state]);
  if (state.kind === 'loading') return <Spinner label={t('staff.areaManagerView.loading')} />;
  if (state.kind === 'forbidden') return <NoAccess />;
  if (state.kind === 'failed') return <ErrorView message={t('staff.networkError')} />;
  return <FormPage form={FORMS['areamanager-pharmacy-edit']} sections={FIELD_FORCE_SECTIONS} values={values} />;
}

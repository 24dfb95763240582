// Spec §2's redirectors of the two staff variants (issue 24 item 5), as the applicants' one
// (features/after-applying/edit-redirect-page.tsx): /areamanager/pharmacist/edit/{id} forwards to
// /areamanager/form?pharmacistId={id}, and /rep/pharmacist/edit/{id} to /rep/form?pharmacyId={id}
// (editRedirectTarget). /areamanager/form?pharmacistId={id} opens that pharmacy's edit page; without
// an id it is the signed-in manager's add-a-pharmacy form.
import { Navigate, useParams, useSearchParams } from 'react-router';
import { editRedirectTarget, resolveVariant } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import { staffHomePath } from '#shared/staff-home.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { useStaffUser } from './staff-session.tsx';

function ForwardTo({ mode }: { mode: 'areamanager' | 'rep' }) {
  const { id = '' } = useParams();
  const localPath = useLocalPath();
  const user = useStaffUser();
  if (!id) return <Navigate to={localPath(staffHomePath(user))} replace />;
  return <Navigate to={localPath(editRedirectTarget(resolveVariant('it', 'it', mode), id))} replace />;
}

export const AreaManagerEditRedirect = () => <ForwardTo mode="areamanager" />;
export const RepEditRedirect = () => <ForwardTo mode="rep" />;

export function AreaManagerFormByRecord() {
  const [params] = useSearchParams();
  const localPath = useLocalPath();
  const user = useStaffUser();
  const id = params.get('pharmacistId');
  if (id) return <Navigate to={localPath(routePath('areaManagerPharmacyEdit', { id }))} replace />;
  if (user.role === 'area_manager') return <Navigate to={localPath(routePath('areaManagerForm', { areaManagerId: user.id }))} replace />;
  return <Navigate to={localPath(staffHomePath(user))} replace />;
}

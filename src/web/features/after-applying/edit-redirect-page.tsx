// /pharmacist/edit/{id}: forwards to the variant's form with the id (spec §2), keeping ?lang.
import { Navigate, useParams } from 'react-router';
import { editRedirectTarget } from '#shared/markets.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';

export function EditRedirectPage() {
  const { id = '' } = useParams();
  const { variant } = useSite();
  const localPath = useLocalPath();
  if (!id) return <Navigate to={localPath('/')} replace />;
  return <Navigate to={localPath(editRedirectTarget(variant, id))} replace />;
}

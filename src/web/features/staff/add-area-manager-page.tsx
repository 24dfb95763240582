// /areamanager/mainadmin/add: the catalogue's add-area-manager form on the one form page (main
// admin only; the server answers 403 to anyone else). Once added, the list shows them.
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage } from '../../forms/form-page.tsx';
import { ContactSection } from '../../forms/sections/personal-details-section.tsx';
import { NoAccess } from './no-access.tsx';
import { useStaffUser } from './staff-session.tsx';

const SECTIONS = { 'staff-person': ContactSection };

export function AddAreaManagerPage() {
  const user = useStaffUser();
  if (user.role !== 'main_admin') return <NoAccess />;
  return (
    <div className="staff-page staff-page--narrow">
      <FormPage form={FORMS['add-area-manager']} sections={SECTIONS} />
    </div>
  );
}

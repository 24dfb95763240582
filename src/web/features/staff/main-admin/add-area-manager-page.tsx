// /areamanager/mainadmin/add: the catalogue's add-area-manager form (main admin only). Once added,
// the list shows them.
import { FORMS } from '#shared/forms/catalogue.ts';
import { AddStaffPersonPage } from '../shared/add-staff-person-page.tsx';

export const AddAreaManagerPage = () => <AddStaffPersonPage form={FORMS['add-area-manager']} />;

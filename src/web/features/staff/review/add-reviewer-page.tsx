// /admin/reviewers/add: the catalogue's add-reviewer form on the one form page (main admin only;
// the server answers 403 to anyone else).
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage } from '../../../forms/form-page.tsx';
import { ContactSection } from '../../../forms/sections/personal-details-section.tsx';
import { useStaffUser } from '../staff-session.tsx';
import { NoAccess } from '../no-access.tsx';
import { ReviewNav } from './review-nav.tsx';

const SECTIONS = { 'staff-person': ContactSection };

export function AddReviewerPage() {
  const user = useStaffUser();
  if (user.role !== 'main_admin') return <NoAccess />;
  return (
    <div className="staff-page staff-page--narrow">
      <ReviewNav />
      <FormPage form={FORMS['add-reviewer']} sections={SECTIONS} />
    </div>
  );
}

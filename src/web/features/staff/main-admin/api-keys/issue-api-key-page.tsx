// /admin/api-keys/issue: the catalogue's issue-api-key form (main admin only) on the one form page;
// the list of keys then shows the new key once.
import { FORMS } from '#shared/forms/catalogue.ts';
import { API_QUOTA_DEFAULT } from '#shared/schemas/api-clients.ts';
import { FormPage, type SectionRegistry } from '../../../../forms/form-page.tsx';
import { ApiClientSection } from '../../../../forms/sections/api-client-section.tsx';
import { NoAccess } from '../../session/no-access.tsx';
import { ReviewNav } from '../../review/review-nav.tsx';
import { useStaffUser } from '../../session/staff-session.tsx';

export const API_KEY_SECTIONS: SectionRegistry = { 'api-client': ApiClientSection };

const START = { quotaPerMinute: String(API_QUOTA_DEFAULT) };

export function IssueApiKeyPage() {
  const user = useStaffUser();
  if (user.role !== 'main_admin') return <NoAccess />;
  return (
    <div className="staff-page staff-page--narrow">
      <ReviewNav />
      <FormPage form={FORMS['issue-api-key']} sections={API_KEY_SECTIONS} values={START} />
    </div>
  );
}

// /admin/reviewers/markets?reviewerId=: the catalogue's reviewer-markets form (main admin only,
// decision 0066), prefilled with the reviewer's markets, under the review desk's nav.
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage, type SectionRegistry } from '../../../forms/form-page.tsx';
import { ReviewerMarketsField } from '../../../forms/sections/reviewer-markets-field.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { useStaffUser } from '../session/staff-session.tsx';
import { ReviewNav } from './review-nav.tsx';

export const REVIEWER_MARKETS_SECTIONS: SectionRegistry = { 'reviewer-markets': ReviewerMarketsField, 'reviewer-ref': null };

export function ReviewerMarketsPage() {
  const user = useStaffUser();
  if (user.role !== 'main_admin') return <NoAccess />;
  return (
    <div className="staff-page staff-page--narrow">
      <ReviewNav />
      <FormPage form={FORMS['reviewer-markets']} sections={REVIEWER_MARKETS_SECTIONS} forbidden={<NoAccess />} />
    </div>
  );
}

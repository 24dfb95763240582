// /admin/reviewers/add: the catalogue's add-reviewer form (main admin only), under the review desk's nav.
import { FORMS } from '#shared/forms/catalogue.ts';
import { AddStaffPersonPage } from '../shared/add-staff-person-page.tsx';
import { ReviewNav } from './review-nav.tsx';

export const AddReviewerPage = () => <AddStaffPersonPage form={FORMS['add-reviewer']} nav={<ReviewNav />} />;

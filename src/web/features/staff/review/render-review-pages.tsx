// Test support for the review desk's page tests: the queue, an application and the reviewers'
// list inside the staff area, in a market's site, with the messages those pages use.
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { marketSpeaking, type Language } from '#shared/markets.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { renderInSite } from '../../../test/render.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { ReviewDetailPage } from './review-detail-page.tsx';
import { ReviewQueuePage } from './review-queue-page.tsx';
import { ReviewersPage } from './reviewers-page.tsx';

/** Renders the review desk at `route` in the market that speaks `language` (the UK for any other); the user to act with. */
export async function renderReviewPages(route: string, language: Language = 'en') {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/admin/review" element={<ReviewQueuePage />} />
        <Route path="/admin/review/:applicationId" element={<ReviewDetailPage />} />
        <Route path="/admin/reviewers" element={<ReviewersPage />} />
      </Route>
    </Routes>,
    { country: marketSpeaking(language) ?? 'uk', language, route },
  );
  await loadFeatureMessages(['review', 'review-checks', 'staff', 'manager', 'form', 'steps', 'italy', 'reference', 'components']);
  return user;
}

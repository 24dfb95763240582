// The review desk's own links: the queue, and for the main admin the reviewer accounts, the area
// managers, the activity log, the programme report and the API keys.
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { routePath } from '#shared/routes.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { useStaffUser } from '../session/staff-session.tsx';
import './review.css';

export function ReviewNav() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const user = useStaffUser();
  return (
    <nav className="review-nav" aria-label={t('review.nav.label')}>
      <ul>
        <li>
          <NavLink end to={localPath(routePath('review'))}>
            {t('review.nav.queue')}
          </NavLink>
        </li>
        {user.role === 'main_admin' ? (
          <>
            <li>
              <NavLink to={localPath(routePath('reviewers'))}>{t('review.nav.reviewers')}</NavLink>
            </li>
            <li>
              <NavLink to={localPath(routePath('mainAdmin'))}>{t('review.nav.mainAdmin')}</NavLink>
            </li>
            <li>
              <NavLink to={localPath(routePath('activityLog'))}>{t('review.nav.activityLog')}</NavLink>
            </li>
            <li>
              <NavLink to={localPath(routePath('programmeReport'))}>{t('review.nav.programme')}</NavLink>
            </li>
            <li>
              <NavLink to={localPath(routePath('apiKeys'))}>{t('review.nav.apiKeys')}</NavLink>
            </li>
            <li>
              <NavLink to={localPath(routePath('privacyRecord'))}>{t('review.nav.privacy')}</NavLink>
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
}

/** The main admin's way to the review desk, from their own home. */
export function ReviewDeskLinks() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  return (
    <section className="staff-add" aria-labelledby="review-desk-links">
      <h2 id="review-desk-links" className="pc-heading-m">
        {t('staff.reviewDesk.title')}
      </h2>
      <ul>
        <li>
          <Link to={localPath(routePath('review'))}>{t('staff.reviewDesk.queue')}</Link>
        </li>
        <li>
          <Link to={localPath(routePath('reviewers'))}>{t('staff.reviewDesk.reviewers')}</Link>
        </li>
        <li>
          <Link to={localPath(routePath('programmeReport'))}>{t('staff.reviewDesk.programme')}</Link>
        </li>
      </ul>
    </section>
  );
}

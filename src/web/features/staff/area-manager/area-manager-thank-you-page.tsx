// /areamanager/thank-you (spec §2): after adding a pharmacy or a rep, or saving an edit; Back
// goes to the signed-in user's home (the area manager's list).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffHomePath } from '#shared/staff-home.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { useStaffUser } from '../session/staff-session.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';

export function AreaManagerThankYouPage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const user = useStaffUser();
  usePageTitle('staff.areaManagerThankYou.title');
  return (
    <div className="staff-page staff-page--narrow">
      <div className="staff-notice" role="status">
        <h1 className="pc-heading-l">{t('staff.areaManagerThankYou.title')}</h1>
        <p className="pc-body">{t('staff.areaManagerThankYou.body')}</p>
      </div>
      <Link className="pc-button" to={localPath(staffHomePath(user))}>
        {t('staff.areaManagerThankYou.back')}
      </Link>
    </div>
  );
}

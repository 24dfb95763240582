// Visits made offline wait, and the session ended meanwhile (the server answered 401): they are
// kept, and sent once the rep signs in again, coming back to this page.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { signInPath } from '../session/staff-user.ts';

export function SignInToSend({ count }: { count: number }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const { pathname, search } = useLocation();
  return (
    <div className="rep-notice rep-sign-in-to-send" role="alert">
      <p className="pc-body">{t('staff.repHome.signInToSend', { count })}</p>
      <p className="pc-body">
        <Link to={localPath(signInPath(pathname + search))}>{t('staff.repHome.signInAgain')}</Link>
      </p>
    </div>
  );
}

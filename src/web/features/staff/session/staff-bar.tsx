// "Signed in as ...", a link to the person's home page, and Sign out, above every staff page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { routePath } from '#shared/routes.ts';
import { staffHomePath } from '#shared/staff-home.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { signOut } from './api/sign-out.ts';
import { useStaffUser } from './staff-session.tsx';

export function StaffBar() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

  const onSignOut = async () => {
    setBusy(true);
    setFailed(false);
    const ok = await signOut();
    // Nothing of the session stays on the device (the rep's offline data); visits still waiting do.
    // Loaded only now: every staff page carries the bar, and it is seldom used.
    if (ok) await import('../../../lib/offline-app.ts').then((m) => m.clearOfflineData()).catch(() => undefined);
    setBusy(false);
    if (ok) void navigate(localPath(`${routePath('signIn')}?signedOut=1`), { replace: true });
    else setFailed(true);
  };

  return (
    <div className="staff-bar">
      <p className="staff-bar__who">
        {t('staff.bar.signedInAs')} <strong>{name}</strong>
        {name !== user.email ? <span className="staff-bar__email"> ({user.email})</span> : null}
        <span className="staff-bar__role"> · {t(`staff.roles.${user.role}`)}</span>
      </p>
      <Link className="staff-bar__home" to={localPath(staffHomePath(user))}>
        {t('staff.bar.home')}
      </Link>
      <button type="button" className="pc-button pc-button--secondary staff-bar__sign-out" onClick={() => void onSignOut()} disabled={busy}>
        {t('staff.bar.signOut')}
      </button>
      {failed ? (
        <p className="pc-error-message staff-bar__error" role="alert">
          {t('staff.bar.signOutFailed')}
        </p>
      ) : null}
    </div>
  );
}

// The guard of every staff page: asks the server who is signed in (GET /api/auth/me), sends a
// signed-out visitor to sign-in with returnTo (the current page) and gives the pages the user.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { getMe } from './api/get-me.ts';
import { signInPath, type StaffUser } from './staff-user.ts';

const StaffSessionContext = createContext<StaffUser | null>(null);

/** The signed-in user; only inside StaffGuard. */
export function useStaffUser(): StaffUser {
  const user = useContext(StaffSessionContext);
  if (!user) throw new Error('useStaffUser must be used inside StaffGuard');
  return user;
}

/** Sends the visitor to sign-in, coming back to this page afterwards (a 401 from any call). */
export function useSendToSignIn(): () => void {
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const { pathname, search } = useLocation();
  return () => void navigate(localPath(signInPath(pathname + search)), { replace: true });
}

type State = { kind: 'loading' } | { kind: 'signedIn'; user: StaffUser } | { kind: 'signedOut' } | { kind: 'failed' };

export function StaffGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const { pathname, search } = useLocation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(
      (result) => {
        // A session that still owes its second factor is not signed in yet.
        if (result.kind === 'signedIn' && !result.user.mfaPassed) setState({ kind: 'signedOut' });
        else setState(result);
      },
      () => {
        // No answer at all (offline, a rep in a pharmacy): whoever was signed in stays, and each
        // API call is still checked by the server; a page that works offline stays usable.
        if (!controller.signal.aborted) setState((previous) => (previous.kind === 'signedIn' ? previous : { kind: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [pathname]);

  if (state.kind === 'loading') return <Spinner label={t('staff.checkingSession')} />;
  if (state.kind === 'failed') return <ErrorView />;
  if (state.kind === 'signedOut') return <Navigate to={localPath(signInPath(pathname + search))} replace />;
  return <StaffSessionContext.Provider value={state.user}>{children}</StaffSessionContext.Provider>;
}

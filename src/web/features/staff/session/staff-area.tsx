// The layout of every signed-in staff page: the guard, the staff bar, then the page.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { StaffBar } from './staff-bar.tsx';
import { StaffGuard, useStaffUser } from './staff-session.tsx';
import './staff.css';

export function StaffArea() {
  return (
    <StaffGuard>
      <StaffBar />
      <ForRep />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </StaffGuard>
  );
}

/** Loaded after the page: nothing of it is needed for the first paint (the rep route's budget, bench/README.md). */
// eslint-disable-next-line import-x/no-restricted-paths -- the shell around every room starts the rep's offline sender, for reps only
const RepOffline = lazy(() => import('../rep/rep-offline.tsx').then((m) => ({ default: m.RepOffline })));

/** A rep's pages work offline and send what waits (decision 0026); other staff pages do not. */
function ForRep() {
  const user = useStaffUser();
  return user.role === 'sales_rep' ? (
    <Suspense fallback={null}>
      <RepOffline repId={user.id} />
    </Suspense>
  ) : null;
}

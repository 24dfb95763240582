// The layout of every signed-in staff page: the guard, the staff bar, then the page.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { StaffBar } from './staff-bar.tsx';
import { StaffGuard } from './staff-session.tsx';
import './staff.css';

export function StaffArea() {
  return (
    <StaffGuard>
      <StaffBar />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </StaffGuard>
  );
}

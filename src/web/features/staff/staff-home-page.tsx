// A signed-in page for roles whose own desk does not exist yet (reviewer; rep until the rep pages).
import { useTranslation } from 'react-i18next';
import { useStaffUser } from './staff-session.tsx';
import { usePageTitle } from './use-page-title.ts';

export function StaffHomePage() {
  const { t } = useTranslation();
  const user = useStaffUser();
  usePageTitle('staff.home.title');
  return (
    <div className="staff-page staff-page--narrow">
      <h1 className="pc-heading-l">{t('staff.home.title')}</h1>
      <p className="pc-body">{t('staff.home.welcome', { name: user.firstName || user.email })}</p>
      <p className="pc-body">{t('staff.home.comingSoon', { role: t(`staff.roles.${user.role}`) })}</p>
    </div>
  );
}

// 403: the page exists but is not for this user; nothing of its data is shown.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { staffHomePath } from '#shared/staff-home.ts';
import { useStaffUser } from './staff-session.tsx';

export function NoAccess() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const localPath = useLocalPath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="staff-page" aria-labelledby="no-access-title">
      <h1 id="no-access-title" ref={heading} tabIndex={-1} className="pc-heading-l">
        {t('staff.noAccess.title')}
      </h1>
      <p className="pc-body">{t('staff.noAccess.body')}</p>
      <p className="pc-body">
        <Link to={localPath(staffHomePath(user))}>{t('staff.noAccess.home')}</Link>
      </p>
    </section>
  );
}

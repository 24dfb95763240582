// /rep/thank-you (spec §2): the visit is recorded, or (made offline) kept on this device and sent
// as soon as there is a connection.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { staffHomePath } from '#shared/staff-home.ts';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { useOutbox } from '../../../forms/offline-outbox.ts';
import { useStaffUser } from '../session/staff-session.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import '../../../forms/forms.css';
import './rep.css';

export function RepThankYouPage() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const localPath = useLocalPath();
  const { state } = useLocation() as { state: { queued?: boolean } | null };
  const { pending } = useOutbox('rep-visit');
  const waiting = state?.queued === true && pending.length > 0;
  usePageTitle(waiting ? 'staff.repThankYou.queuedTitle' : 'staff.repThankYou.title');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="staff-page staff-page--narrow">
      <div className="pc-panel">
        <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
          {t(waiting ? 'staff.repThankYou.queuedTitle' : 'staff.repThankYou.title')}
        </h1>
        <p role="status">{t(waiting ? 'staff.repThankYou.queuedBody' : 'staff.repThankYou.body')}</p>
      </div>
      <p className="pc-body">
        <Link to={localPath(staffHomePath(user))}>{t('staff.repThankYou.home')}</Link>
      </p>
    </div>
  );
}

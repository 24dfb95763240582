// On the visit form: an update of this pharmacy made offline still waits to be sent (and is sent
// as soon as it can be, while the page is open).
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../../forms/offline-outbox.ts';

export function RepFormWaiting({ pharmacyId }: { pharmacyId: string }) {
  const { t } = useTranslation();
  const { pending } = useOutbox('rep-visit');
  if (!pending.some((entry) => entry.recordId === pharmacyId)) return null;
  return (
    <div className="rep-notice" role="status">
      <p className="pc-body">{t('staff.repVisit.waiting')}</p>
    </div>
  );
}

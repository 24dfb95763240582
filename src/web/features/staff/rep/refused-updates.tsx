// Updates queued offline that the server refused when they were sent (the pharmacy was
// reassigned, an answer no longer valid): said once, with a way to record the visit again.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { dismissRefused, type RefusedEntry } from '../../../forms/offline-outbox.ts';
import { repFormPath } from './rep-paths.ts';

export function RefusedUpdates({ entries }: { entries: RefusedEntry[] }) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  if (entries.length === 0) return null;
  return (
    <div className="rep-notice rep-refused" role="alert">
      <p className="pc-body">{t('staff.repHome.refused')}</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link to={localPath(repFormPath(entry.recordId))}>{entry.label || t('staff.repHome.refusedUnnamed')}</Link>{' '}
            <button type="button" className="pc-link-button" onClick={() => dismissRefused(entry.key)}>
              {t('staff.repHome.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

// The rep's visit form's read-only part (issue 24 item 3): the pharmacy's last visits, newest
// first (GET /api/rep-get-pharmacy gives at most five), each with its day, rep, outcome in the
// page's language, month, note and next visit. Read from the record the form opened: no second
// request, and it shows wherever the record does.
import type { CallHistoryEntry } from '#shared/schemas/staff.ts';
import { useSite } from '../../lib/site-context.tsx';
import { dayInWords, monthInWords, recordedAtInWords } from '../../lib/visit-days.ts';
import { useFormText } from '../form-text.tsx';
import { useRunner } from '../runner-context.tsx';
import { useCallFlagText } from '../../lib/use-call-flag-text.ts';

const NONE = '–';

function isEntry(value: unknown): value is CallHistoryEntry {
  const v = value as Partial<CallHistoryEntry> | null;
  return Boolean(v) && typeof v!.id === 'string' && typeof v!.at === 'string' && typeof v!.callFlag === 'string';
}

function VisitEntry({ entry }: { entry: CallHistoryEntry }) {
  const text = useFormText();
  const flagText = useCallFlagText();
  const { config } = useSite();
  const { language } = config;
  return (
    <li className="visit-history__entry">
      <p className="visit-history__when">
        <time dateTime={entry.at}>{recordedAtInWords(entry.at, language)}</time>
      </p>
      <dl className="visit-history__facts">
        <div>
          <dt>{text('visitHistory.rep')}</dt>
          <dd>{entry.byName ?? NONE}</dd>
        </div>
        <div>
          <dt>{text('visitHistory.outcome')}</dt>
          <dd>{flagText(entry.callFlag)}</dd>
        </div>
        <div>
          <dt>{text('visitHistory.month')}</dt>
          <dd>{entry.month ? monthInWords(entry.month, language) : NONE}</dd>
        </div>
        <div>
          <dt>{text('visitHistory.note')}</dt>
          <dd className="visit-history__note">{entry.note || NONE}</dd>
        </div>
        <div>
          <dt>{text('visitHistory.nextVisit')}</dt>
          <dd>{entry.nextVisit ? dayInWords(entry.nextVisit, language) : NONE}</dd>
        </div>
      </dl>
    </li>
  );
}

export function VisitHistorySection() {
  const text = useFormText();
  const { record } = useRunner();
  const history = record?.callHistory;
  return (
    <div className="visit-history">
      <h2 className="pc-heading-m">{text('visitHistory.title')}</h2>
      {!Array.isArray(history) ? (
        <p className="pc-body">{text('visitHistory.unavailable')}</p>
      ) : history.length === 0 ? (
        <p className="pc-body">{text('visitHistory.empty')}</p>
      ) : (
        <ol className="visit-history__list">
          {history.filter(isEntry).map((entry) => (
            <VisitEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}

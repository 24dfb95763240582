// GOV.UK summary list ("check your answers"): a key, the answer and a Change link per row.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './components.css';

export interface SummaryRow {
  key: string;
  value: ReactNode;
  /** Router path of the Change link. */
  change?: string;
}

export function SummaryList({ rows, changeText }: { rows: readonly SummaryRow[]; changeText: string }) {
  return (
    <dl className="pc-summary-list">
      {rows.map((row) => (
        <div key={row.key} className="pc-summary-list__row">
          <dt className="pc-summary-list__key">{row.key}</dt>
          <dd className="pc-summary-list__value">{row.value}</dd>
          {row.change ? (
            <dd className="pc-summary-list__actions">
              <Link to={row.change}>
                {changeText} <span className="visually-hidden">{row.key}</span>
              </Link>
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

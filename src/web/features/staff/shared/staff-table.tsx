// A staff page's table: scrollable on its own when wider than the screen (a focusable region named
// by its caption), each cell labelled with its column for the phone layout (staff.css).
import type { ReactNode } from 'react';

export interface StaffColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** The header is read out but not shown (an actions column). */
  hiddenLabel?: boolean;
  className?: string;
}

export function StaffTable<T extends { id: string }>({ id, caption, columns, rows }: { id: string; caption: string; columns: StaffColumn<T>[]; rows: T[] }) {
  return (
    <div className="staff-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="staff-table">
        <caption id={id} className="staff-table__caption">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.hiddenLabel ? undefined : column.label} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

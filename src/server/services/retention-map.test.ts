// Issue 42 item 3: the retention job reads the drafts' period from the data map, and the rejected
// applications' period is the setting the map names (RETENTION_REJECTED_MONTHS, passed in by upkeep.ts).
import { describe, expect, it, vi } from 'vitest';
import { PERSONAL_COLUMNS } from '../privacy/data-map.ts';

describe('the retention periods come from the data map', () => {
  it('deletes drafts after the period the map gives drafts, whatever it is', async () => {
    vi.resetModules();
    vi.doMock('../privacy/data-map.ts', () => ({
      PERSONAL_COLUMNS: PERSONAL_COLUMNS.map((column) =>
        column.table === 'drafts' ? { ...column, retention: { fixed: { amount: 12, unit: 'days' } } } : column,
      ),
    }));
    try {
      expect((await import('./retention.ts')).ABANDONED_DRAFT_DAYS).toBe(12);
    } finally {
      vi.doUnmock('../privacy/data-map.ts');
      vi.resetModules();
    }
  });

  it("names RETENTION_REJECTED_MONTHS for an application's data, the setting the hourly job passes", () => {
    for (const column of PERSONAL_COLUMNS.filter((mapped) => mapped.table === 'applications' && mapped.subject === 'applicant')) {
      expect(column.retention, column.column).toEqual({ setting: 'RETENTION_REJECTED_MONTHS' });
    }
  });
});

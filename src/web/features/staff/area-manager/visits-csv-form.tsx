// The readable CSV's control on the manager's home (issue 24 item 6, decision 0025): the visits of
// a range of days, in the page's language.
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { VisitRangeSchema } from '#shared/schemas/csv-export.ts';
import { DateRangeDownloadForm } from '../shared/date-range-download-form.tsx';

const TEXTS = {
  legend: 'staff.readableCsv.legend',
  hint: 'staff.readableCsv.hint',
  from: 'staff.readableCsv.from',
  to: 'staff.readableCsv.to',
  submit: 'staff.readableCsv.download',
};

export function VisitsCsvForm({ areaManagerId }: { areaManagerId: string }) {
  return (
    <DateRangeDownloadForm
      action={StaffApi.accordCsv.path}
      schema={VisitRangeSchema}
      idPrefix="visits"
      texts={TEXTS}
      hidden={{ id: areaManagerId, format: 'readable' }}
    />
  );
}

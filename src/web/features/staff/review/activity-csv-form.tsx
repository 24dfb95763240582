// The audit export on the activity log page (issue 41 item 4): the log's entries of a range of days
// as CSV, in the page's language.
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { ActivityCsvQuerySchema } from '#shared/schemas/programme-report.ts';
import { DateRangeDownloadForm } from '../shared/date-range-download-form.tsx';

const TEXTS = {
  legend: 'review.activity.download.legend',
  hint: 'review.activity.download.hint',
  from: 'review.activity.download.from',
  to: 'review.activity.download.to',
  submit: 'review.activity.download.submit',
};

export function ActivityCsvForm() {
  return <DateRangeDownloadForm action={StaffApi.activityLogCsv.path} schema={ActivityCsvQuerySchema} idPrefix="activity" texts={TEXTS} />;
}

// /admin/programme (issue 41 item 3, decision 0070): the main admin's programme report, per market
// and month, in the page's language: a chart of each market's months (chart.js, loaded with this
// page alone) over the same figures as a table, the months to show (in the address, so Back
// works) and the CSV of the figures shown. 403 for everyone else.
import { lazy, Suspense, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { COUNTRIES } from '#shared/markets.ts';
import { fieldErrors } from '#shared/schemas/api.ts';
import {
  formatFigure,
  formatMonth,
  PROGRAMME_FIGURES,
  ProgrammeReportQuerySchema,
  type ProgrammeFigure,
  type ProgrammeReport,
} from '#shared/schemas/programme-report.ts';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { apiPath } from '../../../lib/api-client.ts';
import { useSite } from '../../../lib/site-context.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { NoAccess } from '../session/no-access.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { getProgrammeReport } from './api/review-api.ts';
import { ReviewNav } from './review-nav.tsx';
import { useDateFormat } from './use-date-format.ts';
import './review.css';
import './programme-report.css';

const ProgrammeChart = lazy(() => import('./programme-chart.tsx'));

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthIn = (value: string | null) => (value && MONTH.test(value) ? value : undefined);

const FIELDS = [
  { name: 'from', id: 'programmeFrom', label: 'review.programme.from' },
  { name: 'to', id: 'programmeTo', label: 'review.programme.to' },
] as const;

/** The months to show: checked with the server's own schema before the address changes. */
function MonthsForm({ from, to }: { from?: string; to?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const parsed = z.safeParse(ProgrammeReportQuerySchema, { from: value('from'), to: value('to') });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    setErrors(found);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    setAttempt((n) => n + 1);
  };

  const summary = FIELDS.filter(({ name }) => errors[name]).map(({ name, id }) => ({ fieldId: id, message: errorText(errors[name]!) }));
  return (
    <form className="programme-months" method="get" noValidate onSubmit={submit}>
      <fieldset className="pc-fieldset">
        <legend className="pc-fieldset__legend">{t('review.programme.legend')}</legend>
        {summary.length > 0 ? <ErrorSummary key={attempt} errors={summary} /> : null}
        <div className="programme-months__fields">
          {FIELDS.map(({ name, id, label }) => (
            <TextInput
              key={`${name}-${from}-${to}`}
              type="month"
              name={name}
              id={id}
              label={t(label)}
              defaultValue={name === 'from' ? from : to}
              placeholder="YYYY-MM"
              error={errors[name] ? errorText(errors[name]) : undefined}
            />
          ))}
          <button type="submit" className="pc-button pc-button--secondary">
            {t('review.programme.show')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function MarketFigures({ report, market }: { report: ProgrammeReport; market: (typeof COUNTRIES)[number] }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const rows = useMemo(() => report.rows.filter((row) => row.market === market), [report, market]);
  const monthLabels = useMemo(() => rows.map((row) => formatMonth(row.month, config.language)), [rows, config.language]);
  const figureLabel = useCallback((figure: ProgrammeFigure) => t(`review.programme.figures.${figure}`), [t]);
  const name = t(`review.market.${market}`);
  const headingId = `programme-${market}`;

  return (
    <section className="programme-market" aria-labelledby={headingId}>
      <h2 id={headingId} className="pc-heading-m">
        {name}
      </h2>
      <Suspense fallback={null}>
        <ProgrammeChart rows={rows} monthLabels={monthLabels} label={t('review.programme.chartLabel', { market: name })} figureLabel={figureLabel} />
      </Suspense>
      <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby={`${headingId}-caption`}>
        <table className="programme-table">
          <caption id={`${headingId}-caption`}>{t('review.programme.caption', { market: name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('review.programme.month')}</th>
              {PROGRAMME_FIGURES.map((figure) => (
                <th key={figure} scope="col">
                  {figureLabel(figure)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.month}>
                <th scope="row">{monthLabels[i]}</th>
                {PROGRAMME_FIGURES.map((figure) => (
                  <td key={figure}>{formatFigure(figure, row[figure], config.language)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function ProgrammeReportPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const formatDate = useDateFormat(true);
  const [params] = useSearchParams();
  const from = monthIn(params.get('from'));
  const to = monthIn(params.get('to'));
  const [state] = useStaffLoad((signal) => getProgrammeReport({ from, to }, signal), [from, to]);
  usePageTitle('review.programme.title');

  if (state.kind === 'forbidden') return <NoAccess />;
  const report = state.kind === 'ok' ? state.data : null;
  const csv = report?.months.length
    ? apiPath(StaffApi.programmeReportCsv.path, { from: report.months[0], to: report.months.at(-1), lang: config.language })
    : null;

  return (
    <div className="staff-page review-page">
      <ReviewNav />
      <h1 className="pc-heading-l">{t('review.programme.title')}</h1>
      <p className="pc-body">{t('review.programme.intro')}</p>
      {/* The months shown, once known, so that the form starts from them. */}
      <MonthsForm from={from ?? report?.months[0]} to={to ?? report?.months.at(-1)} />
      {state.kind === 'loading' ? <Spinner label={t('review.programme.loading')} /> : null}
      {state.kind === 'failed' || state.kind === 'notFound' ? <ErrorView message={t('staff.networkError')} /> : null}
      {report ? (
        <>
          <p className="pc-body">
            {t('review.programme.asOf', { date: formatDate(report.asOf) })}
            {csv ? (
              <>
                {' '}
                <a className="pc-button pc-button--secondary programme-download" href={csv} download>
                  {t('review.programme.download')}
                </a>
              </>
            ) : null}
          </p>
          {COUNTRIES.map((market) => (
            <MarketFigures key={market} report={report} market={market} />
          ))}
        </>
      ) : null}
    </div>
  );
}

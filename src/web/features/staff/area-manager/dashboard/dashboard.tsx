// The area manager's dashboard (issue 12 item 9): pharmacies per call flag (the pipeline), the
// pharmacies each rep signed up per month over the last twelve months, and the pharmacies on a map
// coloured by flag. Loaded lazily by the manager's home, with chart.js and Leaflet in its chunk.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaManagerDashboard } from '#shared/schemas/dashboard.ts';
import { Spinner } from '../../../../components/spinner.tsx';
import { getAreaManagerDashboard } from '../api/get-area-manager-dashboard.ts';
import { flagColour, PIPELINE_ORDER } from '../../shared/flag-colours.ts';
import { JoinsChart } from './joins-chart.tsx';
import { useStaffLoad } from '../../shared/use-staff-load.ts';
import './dashboard.css';
import { useCallFlagText } from '../../../../lib/use-call-flag-text.ts';
import { ItalyMap } from '../../shared/italy-map.tsx';

/** Italy as a whole, when no pharmacy has a position yet. */

export default function Dashboard({ areaManagerId }: { areaManagerId: string }) {
  const { t } = useTranslation();
  const [state, reload] = useStaffLoad((signal) => getAreaManagerDashboard(areaManagerId, signal), [areaManagerId]);

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="pc-heading-m">
        {t('staff.dashboard.title')}
      </h2>
      {state.kind === 'loading' && <Spinner label={t('staff.dashboard.loading')} />}
      {(state.kind === 'failed' || state.kind === 'forbidden') && (
        <div role="alert">
          <p className="pc-body">{t('staff.dashboard.failed')}</p>
          <button type="button" className="pc-button pc-button--secondary" onClick={reload}>
            {t('staff.dashboard.retry')}
          </button>
        </div>
      )}
      {state.kind === 'ok' && <DashboardFigures dashboard={state.dashboard} />}
    </section>
  );
}

function DashboardFigures({ dashboard }: { dashboard: AreaManagerDashboard }) {
  const { t } = useTranslation();
  const flagText = useCallFlagText();
  const flagName = (flag: string | null) => (flag ? flagText(flag) : t('staff.dashboard.notVisited'));
  const counts = new Map(dashboard.pipeline.map((p) => [p.callFlag, p.count]));
  const rows = [...PIPELINE_ORDER, ...dashboard.pipeline.map((p) => p.callFlag).filter((f) => !PIPELINE_ORDER.includes(f as never))].map((flag) => ({
    flag,
    count: counts.get(flag) ?? 0,
  }));
  const largest = Math.max(1, ...rows.map((r) => r.count));

  return (
    <div className="dashboard__panels">
      <div className="dashboard__panel">
        <h3 className="pc-heading-s">{t('staff.dashboard.pipeline.title')}</h3>
        <table className="dashboard-pipeline">
          <caption className="visually-hidden">{t('staff.dashboard.pipeline.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.dashboard.pipeline.flag')}</th>
              <th scope="col">{t('staff.dashboard.pipeline.count')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ flag, count }) => (
              <tr key={flag ?? 'none'}>
                <th scope="row">
                  <span className="dashboard-swatch" style={{ background: flagColour(flag) }} aria-hidden="true" />
                  {flagName(flag)}
                </th>
                <td>
                  <span className="dashboard-bar" style={{ width: `${(count / largest) * 100}%`, background: flagColour(flag) }} aria-hidden="true" />
                  <span className="dashboard-count">{count}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <JoinsPanel dashboard={dashboard} />
      <MapPanel dashboard={dashboard} flagName={flagName} />
    </div>
  );
}

function JoinsPanel({ dashboard }: { dashboard: AreaManagerDashboard }) {
  const { t, i18n } = useTranslation();
  const { months, reps } = dashboard.joins;
  const monthLabels = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
    return months.map((m) => format.format(new Date(`${m}-01T00:00:00Z`)));
  }, [months, i18n.language]);
  const named = useMemo(() => ({ months, reps: reps.map((r) => ({ ...r, name: r.name || t('staff.dashboard.joins.formerStaff') })) }), [months, reps, t]);
  const total = reps.reduce((sum, rep) => sum + rep.counts.reduce((a, b) => a + b, 0), 0);

  return (
    <div className="dashboard__panel dashboard__panel--wide">
      <h3 className="pc-heading-s">{t('staff.dashboard.joins.title')}</h3>
      {total === 0 ? (
        <p className="pc-body">{t('staff.dashboard.joins.none')}</p>
      ) : (
        <>
          <JoinsChart joins={named} monthLabels={monthLabels} label={t('staff.dashboard.joins.chartLabel')} />
          <details className="dashboard-details">
            <summary>{t('staff.dashboard.joins.showTable')}</summary>
            <div className="staff-table-wrap" tabIndex={0} role="region" aria-label={t('staff.dashboard.joins.title')}>
              <table className="dashboard-joins">
                <thead>
                  <tr>
                    <th scope="col">{t('staff.dashboard.joins.rep')}</th>
                    {monthLabels.map((label) => (
                      <th key={label} scope="col">
                        {label}
                      </th>
                    ))}
                    <th scope="col">{t('staff.dashboard.joins.total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {named.reps.map((rep) => (
                    <tr key={rep.repId ?? 'former'}>
                      <th scope="row">{rep.name}</th>
                      {rep.counts.map((count, i) => (
                        <td key={months[i]}>{count}</td>
                      ))}
                      <td>{rep.counts.reduce((a, b) => a + b, 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </div>
  );
}

function MapPanel({ dashboard, flagName }: { dashboard: AreaManagerDashboard; flagName: (flag: string | null) => string }) {
  const { t } = useTranslation();
  const points = useMemo(
    () => dashboard.points.map((p) => ({ id: p.id, lat: p.lat, lng: p.lng, title: `${p.name} · ${flagName(p.callFlag)}`, colour: flagColour(p.callFlag) })),
    [dashboard.points, flagName],
  );
  const shown = PIPELINE_ORDER.filter((flag) => dashboard.points.some((p) => p.callFlag === flag));

  return (
    <div className="dashboard__panel dashboard__panel--wide">
      <h3 className="pc-heading-s">{t('staff.dashboard.map.title')}</h3>
      {points.length === 0 ? (
        <p className="pc-body">{t('staff.dashboard.map.none')}</p>
      ) : (
        <>
          <ItalyMap points={points} label={t('staff.dashboard.map.label')} />
          <ul className="dashboard-legend" aria-label={t('staff.dashboard.map.legend')}>
            {shown.map((flag) => (
              <li key={flag ?? 'none'}>
                <span className="dashboard-swatch dashboard-swatch--dot" style={{ background: flagColour(flag) }} aria-hidden="true" />
                {flagName(flag)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

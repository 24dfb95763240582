// Joins per month per rep as stacked bars (chart.js, loaded only with the dashboard). The figures
// are also in the table under it, for screen readers and anyone who wants the numbers.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { DashboardJoins } from '#shared/schemas/dashboard.ts';
import { REP_COLOURS } from '../../shared/flag-colours.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export function JoinsChart({ joins, monthLabels, label }: { joins: DashboardJoins; monthLabels: string[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: monthLabels,
        datasets: joins.reps.map((rep, i) => ({ label: rep.name, data: rep.counts, backgroundColor: REP_COLOURS[i % REP_COLOURS.length] })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [joins, monthLabels]);

  return (
    <div className="dashboard-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

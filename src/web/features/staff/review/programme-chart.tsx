// One market's months as bars (submitted, approved, rejected) and a line (listings live), with
// chart.js, loaded only with the programme report (as the manager's joins chart is). The same
// figures are in the table under it, for screen readers and anyone who wants the numbers.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { ProgrammeFigure, ProgrammeMonth } from '#shared/schemas/programme-report.ts';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The figures drawn, and their colours (GOV.UK's palette, distinct for colour-blind readers). */
const DRAWN: ReadonlyArray<{ figure: ProgrammeFigure; colour: string; line?: boolean }> = [
  { figure: 'submitted', colour: '#1d70b8' },
  { figure: 'approved', colour: '#00703c' },
  { figure: 'rejected', colour: '#d4351c' },
  { figure: 'listingsLive', colour: '#0b0c0c', line: true },
];

export default function ProgrammeChart({
  rows,
  monthLabels,
  label,
  figureLabel,
}: {
  rows: ProgrammeMonth[];
  monthLabels: string[];
  label: string;
  figureLabel: (figure: ProgrammeFigure) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: monthLabels,
        datasets: DRAWN.map(({ figure, colour, line }) => ({
          type: line ? ('line' as const) : ('bar' as const),
          label: figureLabel(figure),
          data: rows.map((row) => Number(row[figure] ?? 0)),
          backgroundColor: colour,
          borderColor: colour,
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [rows, monthLabels, figureLabel]);

  return (
    <div className="dashboard-chart programme-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

// One row of the results table: a figure, its target, and whether it is met.
export interface Row {
  /** Benchmark it comes from, e.g. "registration (PGlite)". */
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  /** The target as text ("≥ 50 % of raw", "< 100 ms"), or '' when the figure is informative. */
  target: string;
  /** Ratio to the baseline or to the target, as text. */
  ratio?: string;
  /** true = met, false = missed, null = no target / not measured. */
  pass: boolean | null;
  note?: string;
}

export interface Benchmark {
  name: string;
  run(context: BenchContext): Promise<Row[]>;
}

export interface BenchContext {
  /** postgres://... admin URL when PostgreSQL is available (TEST_DATABASE_URL), else null. */
  postgresAdminUrl: string | null;
  log(message: string): void;
  /** true with --quick: smaller counts, to try the harness. */
  quick: boolean;
}

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/**
 * A benchmark's rows on PGlite, then on PostgreSQL when it is available; without it, one row
 * (`notRun`: the figure the PostgreSQL run would have given) says it was not run.
 */
export async function onBothDatabases(
  context: BenchContext,
  benchOn: (kind: DatabaseKind, context: BenchContext) => Promise<Row[]>,
  notRun: Pick<Row, 'group' | 'figure' | 'target'>,
): Promise<Row[]> {
  const rows = await benchOn('PGlite', context);
  if (context.postgresAdminUrl) rows.push(...(await benchOn('PostgreSQL', context)));
  else rows.push({ ...notRun, value: null, unit: '', pass: null, note: 'not run (TEST_DATABASE_URL is not set)' });
  return rows;
}

const fmt = (value: number | null, digits = 1) =>
  value === null || Number.isNaN(value) ? '—' : value.toLocaleString('en-GB', { maximumFractionDigits: digits });

function verdict(pass: boolean | null): string {
  return pass === null ? '—' : pass ? 'PASS' : 'FAIL';
}

export function markdownTable(rows: Row[]): string {
  const lines = ['| benchmark | figure | value | target | ratio / baseline | result |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    const value = r.value === null ? (r.note ?? '—') : `${fmt(r.value)} ${r.unit}`.trim();
    lines.push(`| ${r.group} | ${r.figure} | ${value} | ${r.target || ''} | ${r.ratio ?? ''} | ${verdict(r.pass)} |`);
  }
  return lines.join('\n');
}

export function consoleTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.group,
    r.figure,
    r.value === null ? (r.note ?? '—') : `${fmt(r.value)} ${r.unit}`.trim(),
    r.target,
    r.ratio ?? '',
    verdict(r.pass),
  ]);
  const header = ['benchmark', 'figure', 'value', 'target', 'ratio / baseline', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

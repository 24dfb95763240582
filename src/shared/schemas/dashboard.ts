// GET /api/areamanager-dashboard data (issue 12 item 9): the manager's pipeline, joins per rep
// per month, and where the pharmacies are.

/** Pharmacies per current call flag; `callFlag` null: not visited yet. */
interface PipelineCount {
  callFlag: string | null;
  count: number;
}

/** Pharmacies that joined (a joined_unify call entry) per month, for one rep. */
export interface RepJoins {
  /** The rep's id; null for visits recorded by someone no longer on staff. */
  repId: string | null;
  name: string;
  /** One count per month of `DashboardJoins.months`. */
  counts: number[];
}

export interface DashboardJoins {
  /** The last twelve months, oldest first, as YYYY-MM. */
  months: string[];
  reps: RepJoins[];
}

/** A pharmacy on the dashboard map (only those with a position). */
interface DashboardPoint {
  id: string;
  name: string;
  lat: number;
  lng: number;
  callFlag: string | null;
}

export interface AreaManagerDashboard {
  pipeline: PipelineCount[];
  joins: DashboardJoins;
  points: DashboardPoint[];
}

/** The twelve months ending with `now`'s month (UTC), oldest first, as YYYY-MM. */
export function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

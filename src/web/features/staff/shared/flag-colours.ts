// One colour per call flag, on the map and beside the pipeline (each also named in words).
import type { CallFlag } from '#shared/reference/call-flags.ts';

/** The pipeline's order: from not yet visited to joined, then the ones that said no. */
export const PIPELINE_ORDER: (CallFlag | null)[] = [
  null,
  'appointment_scheduled',
  'interested_but_requires_another_visit',
  'joined_unify',
  'post_joining_unify',
  'not_interested',
];

const COLOURS: Record<CallFlag, string> = {
  appointment_scheduled: '#1d70b8',
  interested_but_requires_another_visit: '#f47738',
  joined_unify: '#00703c',
  post_joining_unify: '#4c2c92',
  not_interested: '#d4351c',
};
const NOT_VISITED = '#6f777b';

export function flagColour(flag: string | null): string {
  return (flag && COLOURS[flag as CallFlag]) || NOT_VISITED;
}

/** Colours of the reps' bars, in turn. */
export const REP_COLOURS = ['#6f2c91', '#1d70b8', '#00703c', '#f47738', '#d4351c', '#5694ca', '#85994b', '#912b88', '#28a197', '#b58840'];

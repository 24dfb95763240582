// The three-step journey's steps: a route parameter read as a step.

export type Step = 1 | 2 | 3;

/** '1', '2', '3' (a route parameter) or a number, as a step; null for anything else. */
export function parseStep(value: unknown): Step | null {
  const n = typeof value === 'string' && /^[1-3]$/.test(value) ? Number(value) : value;
  return n === 1 || n === 2 || n === 3 ? n : null;
}

// One JSON text for one value, whatever the order of its keys: keys sorted at every depth,
// undefined values left out (altcha-lib's canonical JSON, which the bot check signs; also what an
// idempotency key's body is compared by).
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => {
        const inner = (value as Record<string, unknown>)[key];
        return inner === undefined ? [] : [[key, sortKeys(inner)]];
      }),
  );
}

export const canonicalJson = (value: unknown): string => JSON.stringify(sortKeys(value));

// Why the database refused a restore's rows, told without the rows: the message names the table,
// the rows' place in it and the database's reason, and never a value, because the values are
// personal data and the driver's error carries them (drizzle's message and `params`, PGlite's
// `query` and `params`, PostgreSQL's `detail`: "Key (email)=(…) already exists").
import type { BackedUpTable } from './tables.ts';

/** The database refused the backup's rows; the message holds no value, and no cause is attached. */
export class RestoreFailed extends Error {}

interface DatabaseError {
  message: string;
  code: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The PostgreSQL (or PGlite) error behind drizzle's wrapper: the first cause with an SQLSTATE. */
function databaseErrorIn(error: unknown): DatabaseError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as Record<string, unknown>;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        message: text(candidate.message) ?? '',
        code: candidate.code,
        table: text(candidate.table),
        column: text(candidate.column),
        constraint: text(candidate.constraint),
      };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * PostgreSQL's message with its values left out. It quotes identifiers and values alike
 * (`invalid input syntax for type integer: "…"`): a quoted identifier the restore knows is kept,
 * and the message is cut at the first other quote, since what follows is or may be a value.
 */
export function withoutValues(message: string, identifiers: string[]): string {
  const known = new Set(identifiers);
  for (let at = 0; ;) {
    const open = message.indexOf('"', at);
    if (open < 0) return message;
    const close = message.indexOf('"', open + 1);
    if (close < 0 || !known.has(message.slice(open + 1, close))) return `${message.slice(0, open)}"…"`;
    at = close + 1;
  }
}

/** SQLSTATE class 22, data exceptions: their messages quote the value itself, never an identifier. */
const quotesAValue = (code: string) => code.startsWith('22');

/** The restore's error for a failed step (`rows 1 to 500`, say) of a table: its reason, without values. */
export function restoreFailure(error: unknown, table: BackedUpTable, what: string): RestoreFailed {
  const found = databaseErrorIn(error);
  if (!found) {
    // Not the database's answer (the connection broke, say): the innermost error's own words.
    let innermost = error as { message?: unknown; cause?: unknown; params?: unknown };
    while (innermost.cause && typeof innermost.cause === 'object') innermost = innermost.cause as typeof innermost;
    const reason = 'params' in innermost ? 'no reason given' : (text(innermost.message) ?? String(innermost));
    return new RestoreFailed(`Writing ${what} of table ${table.name} failed: ${reason}.`);
  }
  const identifiers = quotesAValue(found.code)
    ? []
    : [table.name, ...table.columns, found.table, found.column, found.constraint].filter((name) => name !== undefined);
  const details = [`SQLSTATE ${found.code}`, found.column && `column ${found.column}`, found.constraint && `constraint ${found.constraint}`]
    .filter(Boolean)
    .join(', ');
  return new RestoreFailed(
    `The database refused ${what} of table ${table.name}: ${withoutValues(found.message, identifiers)} (${details}). ` +
      'The values are not shown (they are personal data); the backup file holds them.',
  );
}

/** Runs one step of a table's restore; a failure becomes a RestoreFailed that carries no value. */
export async function explained<T>(table: BackedUpTable, what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw restoreFailure(error, table, what);
  }
}

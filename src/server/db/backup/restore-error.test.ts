// A restore's error names the table and the database's reason, and never a value of the rows: the
// whole path, on the database, is in cli/backup.test.ts; here the messages PostgreSQL words.
import { inspect } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { restoreFailure, RestoreFailed, withoutValues } from './restore-error.ts';
import type { BackedUpTable } from './tables.ts';

const table: BackedUpTable = { name: 'staff_users', columns: ['id', 'email', 'first_name'], primaryKey: ['id'], selfReferences: [], holdsBytes: false };
const params = ['[{"id":"6a1c","email":"maria.rossi@example.org","first_name":"Maria"}]'];

/** A driver's error as drizzle hands it on: the statement and its parameters around the database's own. */
function failedQuery(fields: Record<string, string>): Error {
  const database = Object.assign(new Error(fields.message), {
    ...fields,
    detail: 'Key (email)=(maria.rossi@example.org) already exists.',
    query: 'insert …',
    params,
  });
  return new DrizzleQueryError('insert into "staff_users" …', params, database);
}

describe('a restore error', () => {
  it('keeps the identifiers the restore knows and cuts the message at the first other quote', () => {
    expect(withoutValues('null value in column "email" of relation "staff_users" violates not-null constraint', ['staff_users', 'email'])).toBe(
      'null value in column "email" of relation "staff_users" violates not-null constraint',
    );
    expect(withoutValues('invalid input syntax for type integer: "Maria" is "here"', ['staff_users'])).toBe('invalid input syntax for type integer: "…"');
    expect(withoutValues('value "email" then "Maria', ['email'])).toBe('value "email" then "…"');
  });

  it('gives the reason, code and constraint, and neither the detail nor the parameters', () => {
    const error = restoreFailure(
      failedQuery({
        message: 'duplicate key value violates unique constraint "staff_users_pkey"',
        code: '23505',
        table: 'staff_users',
        constraint: 'staff_users_pkey',
      }),
      table,
      'rows 1 to 7',
    );
    expect(error).toBeInstanceOf(RestoreFailed);
    expect(error.message).toMatch(
      /^The database refused rows 1 to 7 of table staff_users: duplicate key value violates unique constraint "staff_users_pkey" \(SQLSTATE 23505, constraint staff_users_pkey\)\./,
    );
    expect(error.cause).toBeUndefined();
    expect(inspect(error, { depth: 10 })).not.toMatch(/maria|6a1c/i);
  });

  it('quotes no identifier from a data exception, whose message quotes the value', () => {
    const error = restoreFailure(failedQuery({ message: 'invalid input syntax for type uuid: "email"', code: '22P02' }), table, 'row 3');
    expect(error.message).toMatch(/^The database refused row 3 of table staff_users: invalid input syntax for type uuid: "…" \(SQLSTATE 22P02\)\./);
  });

  it("gives the words of an error that is not the database's answer, but not a failed statement's parameters", () => {
    const broken = new DrizzleQueryError('insert …', params, new Error('Connection terminated unexpectedly'));
    expect(restoreFailure(broken, table, 'rows 1 to 500').message).toBe(
      'Writing rows 1 to 500 of table staff_users failed: Connection terminated unexpectedly.',
    );
    expect(restoreFailure(new DrizzleQueryError('insert …', params), table, 'row 1').message).toBe(
      'Writing row 1 of table staff_users failed: no reason given.',
    );
  });
});

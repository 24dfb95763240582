// The backup file (docs/decisions/0011): gzip'd JSON lines, readable by any PostgreSQL, the embedded
// one included. One header line, then for each table in foreign-key order a table line and its
// rows, then an end line with each table's row count (a file without it was cut short) and, since
// version 2, the SHA-256 of every byte before it (docs/decisions/0040). Nothing follows the end line.
// Rows are PostgreSQL's own row_to_json: timestamps as ISO 8601 with offset, bytea as its hex
// text (\x…), jsonb as JSON; a restore turns them back with json_populate_recordset, so no value
// passes through a JavaScript number or Date on the way.

export const BACKUP_FORMAT = 'pharmacy-champions-backup';
export const BACKUP_VERSION = 2;
/** Version 1 is version 2 without the checksum: still read, with a warning (docs/decisions/0040). */
export const READABLE_VERSIONS = [1, BACKUP_VERSION];

export const carriesChecksum = (header: BackupHeader) => header.version >= 2;

/** Tables a backup leaves out, and why (a restored database starts them empty). */
export const NOT_BACKED_UP: Record<string, string> = {
  rate_limit_hits: 'per-minute request counts, an unlogged cache',
  scheduled_jobs: 'when each background job runs next; a restored server runs them at its first turn',
  backup_runs: "the scheduled backups of the site that took them (files on its servers' disks), not of the site a backup restores",
  finder_changes:
    "the finder's change feed: a restored database starts a feed of its own (a new epoch, so cursors from before answer 410) and its trigger records every listing restored",
  finder_feed: "the change feed's epoch and horizon: a restored database draws its own epoch",
};

export interface MigrationLevel {
  /** The journal's tag (e.g. 0015_fleet), or null when this code does not know the migration. */
  tag: string | null;
  /** drizzle's created_at of the last applied migration: the journal entry's `when`. */
  createdAt: number;
  hash: string;
}

export interface BackupHeader {
  $: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  /** The source's `select version()`. */
  serverVersion: string;
  migration: MigrationLevel;
}

export interface TableLine {
  $: 'table';
  name: string;
  columns: string[];
}

export interface EndLine {
  $: 'end';
  rows: Record<string, number>;
  /** Hex SHA-256 of the file's uncompressed bytes before this line; absent in version 1. */
  sha256?: string;
}

export type MarkerLine = BackupHeader | TableLine | EndLine;

/** Rows are row_to_json objects of snake_case columns, so they never begin with the marker key. */
export const isMarker = (line: string) => line.startsWith('{"$":');

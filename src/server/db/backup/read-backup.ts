// Reads a backup file (format.ts) as a sequence of checked entries: the header first, each table
// before its rows, and the end line last with the row count of every table and the checksum of all
// before it, nothing after it. A file that is not a backup, was cut short, was changed or does not
// add up is refused with a BackupFileError; the end entry comes only once all of that was checked.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  carriesChecksum,
  isMarker,
  READABLE_VERSIONS,
  type BackupHeader,
  type EndLine,
  type MarkerLine,
  type TableLine,
} from './format.ts';

export class BackupFileError extends Error {}

const NEWLINE = 0x0a;
const NEWLINE_BYTE = Buffer.from([NEWLINE]);

type BackupEntry = { kind: 'table'; table: TableLine } | { kind: 'row'; json: string } | { kind: 'end'; end: EndLine };

export interface BackupReader {
  header: BackupHeader;
  /** Everything after the header, checked as it is read. */
  entries: AsyncGenerator<BackupEntry>;
}

/** The file's uncompressed lines as bytes, without their "\n": the checksum is over bytes, not decoded text. */
async function* linesOf(file: string): AsyncGenerator<Buffer> {
  const source = createReadStream(file);
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  // A row holding a file is megabytes long: its pieces are joined once, when its end arrives.
  let pending: Buffer[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
        pending.push(chunk.subarray(start, end));
        yield pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending = [];
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') throw new BackupFileError(`Cannot read ${file}: ${(error as Error).message}`);
    throw new BackupFileError(`${file} is not a backup or is damaged (${(error as Error).message}). Use another backup file.`);
  } finally {
    source.destroy();
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}

function marker(line: string, file: string): MarkerLine {
  try {
    return JSON.parse(line) as MarkerLine;
  } catch {
    throw new BackupFileError(`${file} is not a backup of this product (a line is not JSON).`);
  }
}

/** The end line's checks, all made before the end is handed on (so before a restore commits). */
async function checkEnd(
  end: EndLine,
  header: BackupHeader,
  content: Hash,
  counted: Record<string, number>,
  after: AsyncGenerator<Buffer>,
  file: string,
): Promise<void> {
  if (end.sha256 !== undefined || carriesChecksum(header)) {
    if (typeof end.sha256 !== 'string') throw new BackupFileError(`${file} is damaged: its end line carries no checksum.`);
    if (content.digest('hex') !== end.sha256) {
      throw new BackupFileError(
        `${file} does not match its checksum (SHA-256): it was changed after the backup wrote it, or is damaged. Use another backup file.`,
      );
    }
  }
  const expected = JSON.stringify(Object.entries(end.rows).sort());
  if (expected !== JSON.stringify(Object.entries(counted).sort())) throw new BackupFileError(`${file} is damaged: its row counts do not match its rows.`);
  if (!(await after.next()).done) {
    throw new BackupFileError(
      `${file} goes on after its end line (two backups joined into one file?); nothing in it is used. Restore a backup file as the backup wrote it.`,
    );
  }
}

async function* checkedEntries(lines: AsyncGenerator<Buffer>, header: BackupHeader, content: Hash, file: string): AsyncGenerator<BackupEntry> {
  const counted: Record<string, number> = {};
  let current: string | null = null;
  for await (const bytes of lines) {
    const line = bytes.toString('utf8');
    const entry = isMarker(line) ? marker(line, file) : null;
    if (entry?.$ === 'end') {
      await checkEnd(entry, header, content, counted, lines, file);
      yield { kind: 'end', end: entry };
      return;
    }
    content.update(bytes).update(NEWLINE_BYTE);
    if (!entry) {
      if (!current) throw new BackupFileError(`${file} is damaged: rows before any table.`);
      counted[current]! += 1;
      yield { kind: 'row', json: line };
    } else if (entry.$ === 'table') {
      if (entry.name in counted) throw new BackupFileError(`${file} is damaged: table ${entry.name} appears twice.`);
      current = entry.name;
      counted[current] = 0;
      yield { kind: 'table', table: entry };
    } else {
      throw new BackupFileError(`${file} is damaged: a second header.`);
    }
  }
  throw new BackupFileError(`${file} was cut short (it has no end line): the backup that wrote it did not finish. Use another backup file.`);
}

export async function readBackup(file: string): Promise<BackupReader> {
  const lines = linesOf(file);
  const first = await lines.next();
  const header = first.done ? null : (marker(first.value.toString('utf8'), file) as Partial<BackupHeader>);
  if (first.done || header?.$ !== 'header' || header.format !== BACKUP_FORMAT) {
    await lines.return(undefined);
    throw new BackupFileError(`${file} is not a backup of this product.`);
  }
  if (!READABLE_VERSIONS.includes(header.version!)) {
    await lines.return(undefined);
    throw new BackupFileError(
      `${file} is a backup of format version ${header.version}; this code reads version ${BACKUP_VERSION} and older. Use the code that wrote it, or a newer one.`,
    );
  }
  const content = createHash('sha256').update(first.value).update(NEWLINE_BYTE);
  return { header: header as BackupHeader, entries: checkedEntries(lines, header as BackupHeader, content, file) };
}

/** Reads the whole file and checks it adds up: what `npm run backup` does before it keeps a file. */
export async function checkBackup(file: string): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  const { header, entries } = await readBackup(file);
  for await (const entry of entries) if (entry.kind === 'end') return { header, rows: entry.end.rows };
  throw new BackupFileError(`${file} was cut short.`);
}

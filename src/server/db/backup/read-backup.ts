// Reads a backup file (format.ts) as a sequence of checked entries: the header first, each table
// before its rows, and the end line last with the row count of every table. A file that is not a
// backup, was cut short or does not add up is refused with a BackupFileError, wherever it fails.
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, isMarker, type BackupHeader, type EndLine, type MarkerLine, type TableLine } from './format.ts';

export class BackupFileError extends Error {}

type BackupEntry = { kind: 'table'; table: TableLine } | { kind: 'row'; json: string } | { kind: 'end'; end: EndLine };

export interface BackupReader {
  header: BackupHeader;
  /** Everything after the header, checked as it is read. */
  entries: AsyncGenerator<BackupEntry>;
}

async function* linesOf(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip).setEncoding('utf8');
  // A row holding a file is megabytes long: its pieces are joined once, when its end arrives.
  let pending: string[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      let start = 0;
      for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
        pending.push(chunk.slice(start, end));
        yield pending.join('');
        pending = [];
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.slice(start));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') throw new BackupFileError(`Cannot read ${file}: ${(error as Error).message}`);
    throw new BackupFileError(`${file} is not a backup or is damaged (${(error as Error).message}). Use another backup file.`);
  } finally {
    source.destroy();
  }
  if (pending.length > 0) yield pending.join('');
}

function marker(line: string, file: string): MarkerLine {
  try {
    return JSON.parse(line) as MarkerLine;
  } catch {
    throw new BackupFileError(`${file} is not a backup of this product (a line is not JSON).`);
  }
}

async function* checkedEntries(lines: AsyncGenerator<string>, file: string): AsyncGenerator<BackupEntry> {
  const counted: Record<string, number> = {};
  let current: string | null = null;
  for await (const line of lines) {
    if (!isMarker(line)) {
      if (!current) throw new BackupFileError(`${file} is damaged: rows before any table.`);
      counted[current]! += 1;
      yield { kind: 'row', json: line };
      continue;
    }
    const entry = marker(line, file);
    if (entry.$ === 'table') {
      if (entry.name in counted) throw new BackupFileError(`${file} is damaged: table ${entry.name} appears twice.`);
      current = entry.name;
      counted[current] = 0;
      yield { kind: 'table', table: entry };
    } else if (entry.$ === 'end') {
      const expected = JSON.stringify(Object.entries(entry.rows).sort());
      if (expected !== JSON.stringify(Object.entries(counted).sort())) throw new BackupFileError(`${file} is damaged: its row counts do not match its rows.`);
      yield { kind: 'end', end: entry };
      for await (const after of lines) if (after) throw new BackupFileError(`${file} is damaged: lines after its end.`);
      return;
    } else {
      throw new BackupFileError(`${file} is damaged: a second header.`);
    }
  }
  throw new BackupFileError(`${file} was cut short (it has no end line): the backup that wrote it did not finish. Use another backup file.`);
}

export async function readBackup(file: string): Promise<BackupReader> {
  const lines = linesOf(file);
  const first = await lines.next();
  const header = first.done ? null : (marker(first.value, file) as Partial<BackupHeader>);
  if (header?.$ !== 'header' || header.format !== BACKUP_FORMAT) {
    await lines.return(undefined);
    throw new BackupFileError(`${file} is not a backup of this product.`);
  }
  if (header.version !== BACKUP_VERSION) {
    await lines.return(undefined);
    throw new BackupFileError(`${file} is a backup of format version ${header.version}; this code reads version ${BACKUP_VERSION}. Use the code that wrote it, or a newer one.`);
  }
  return { header: header as BackupHeader, entries: checkedEntries(lines, file) };
}

/** Reads the whole file and checks it adds up: what `npm run backup` does before it keeps a file. */
export async function checkBackup(file: string): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  const { header, entries } = await readBackup(file);
  for await (const entry of entries) if (entry.kind === 'end') return { header, rows: entry.end.rows };
  throw new BackupFileError(`${file} was cut short.`);
}

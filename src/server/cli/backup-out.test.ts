// `npm run backup -- --out FILE` where FILE's folder is missing (issue 37 item 8): the folder is
// made, 0700 (its missing parents too), and the file written 0600; a folder that cannot be made is
// one sentence, no stack trace, and nothing written. The running server's side (no "Premature
// close" in its log) is in test/resilience/backup-server.test.ts.
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runBackupCommand } from './backup-cli.ts';

const work = mkdtempSync(path.join(tmpdir(), 'champions-backup-out-'));
let config: Config;

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

beforeAll(async () => {
  // An embedded database no server runs on: the command opens it under its lock.
  config = testConfig({ database: { kind: 'pglite', dataDir: path.join(work, 'data', 'db') } });
  const database = await openDatabase(config);
  await database.migrate();
  await database.close();
}, 60_000);

describe('npm run backup -- --out into a folder that is not there', () => {
  it('makes the folder and its missing parents 0700 and writes the file 0600', { timeout: 60_000 }, async () => {
    const file = path.join(work, 'missing', 'deeper', 'file.jsonl.gz');
    const run = capture();
    expect(await runBackupCommand(['--out', file], run.out, config), run.lines.join('\n')).toBe(0);
    expect(run.lines[0]).toMatch(/^Backup written: .*file\.jsonl\.gz \(/);
    expect(statSync(path.join(work, 'missing')).mode & 0o777).toBe(0o700);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['file.jsonl.gz']);
  });

  it('says in one sentence why a folder cannot be made, and writes nothing', { timeout: 60_000 }, async () => {
    const blocked = path.join(work, 'a-file');
    writeFileSync(blocked, '');
    for (const [file, said] of [
      [path.join(blocked, 'under', 'it.jsonl.gz'), `No backup written: cannot create the folder ${path.join(blocked, 'under')} (ENOTDIR).`],
      [path.join(blocked, 'it.jsonl.gz'), `No backup written: ${blocked} is not a folder.`],
      // Node's own recursive mkdir never returns here: the folders are made one at a time.
      ['/proc/no-such-folder/it.jsonl.gz', 'No backup written: cannot create the folder /proc/no-such-folder (ENOENT).'],
    ] as const) {
      const run = capture();
      expect(await runBackupCommand(['--out', file], run.out, config)).toBe(1);
      expect(run.lines).toEqual([said]);
      expect(existsSync(file) || existsSync(`${file}.part`)).toBe(false);
    }
  });
});

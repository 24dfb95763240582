import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDatabaseLock, lockFileOf, type LockHolder } from './lock.ts';

const dbDirIn = () => path.join(mkdtempSync(path.join(tmpdir(), 'champions-lock-')), 'db');
const holderFile = (dbDir: string) => JSON.parse(readFileSync(lockFileOf(dbDir), 'utf8')) as LockHolder;

/** A lock written by another, living process: this test runner's parent. */
function lockOfParent(dbDir: string, overrides: Partial<LockHolder> = {}) {
  const mine = acquireDatabaseLock(dbDir, 'server');
  if (!mine.ok) throw new Error('unexpected');
  const holder = { ...holderFile(dbDir), pid: process.ppid, ...overrides };
  const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
  holder.startTime = overrides.startTime ?? stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  writeFileSync(lockFileOf(dbDir), JSON.stringify(holder));
  return holder;
}

describe('database lock', () => {
  it('is taken by one process, with a file only its owner can read, and released', () => {
    const dbDir = dbDirIn();
    const attempt = acquireDatabaseLock(dbDir, 'server');
    expect(attempt.ok).toBe(true);
    if (!attempt.ok) return;
    expect(holderFile(dbDir)).toMatchObject({ pid: process.pid, role: 'server' });
    expect(statSync(attempt.lock.file).mode & 0o077).toBe(0);
    attempt.lock.setAdmin({ port: 1234, secret: 's' });
    expect(holderFile(dbDir).admin).toEqual({ port: 1234, secret: 's' });
    expect(statSync(attempt.lock.file).mode & 0o077).toBe(0);
    attempt.lock.release();
    expect(existsSync(lockFileOf(dbDir))).toBe(false);
  });

  it('is refused while a living process holds it', () => {
    const dbDir = dbDirIn();
    const holder = lockOfParent(dbDir);
    const attempt = acquireDatabaseLock(dbDir, 'command');
    expect(attempt).toEqual({ ok: false, holder });
    expect(holderFile(dbDir)).toEqual(holder); // nothing changed
  });

  it('takes over the lock of a process that is gone', () => {
    const dbDir = dbDirIn();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    lockOfParent(dbDir, { pid: Number(gone.stdout.trim()), startTime: null });
    const attempt = acquireDatabaseLock(dbDir, 'command');
    expect(attempt.ok).toBe(true);
    expect(holderFile(dbDir)).toMatchObject({ pid: process.pid, role: 'command' });
  });

  it('takes over when the pid now belongs to another process (started at another time) or the machine rebooted', () => {
    const reused = dbDirIn();
    lockOfParent(reused, { startTime: '1' });
    expect(acquireDatabaseLock(reused, 'server').ok).toBe(true);
    const rebooted = dbDirIn();
    lockOfParent(rebooted, { bootId: 'another-boot' });
    expect(acquireDatabaseLock(rebooted, 'server').ok).toBe(true);
  });

  it('takes over an unreadable lock file', () => {
    const dbDir = dbDirIn();
    lockOfParent(dbDir);
    writeFileSync(lockFileOf(dbDir), '');
    expect(acquireDatabaseLock(dbDir, 'server').ok).toBe(true);
  });

  it('does not remove a lock that another process has taken since', () => {
    const dbDir = dbDirIn();
    const attempt = acquireDatabaseLock(dbDir, 'server');
    if (!attempt.ok) throw new Error('unexpected');
    const other = lockOfParent(dbDir);
    attempt.lock.release();
    expect(holderFile(dbDir)).toEqual(other);
  });
});

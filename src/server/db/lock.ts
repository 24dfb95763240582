// One process per embedded database: a lock file beside the PGlite folder (DATA_DIR/db.lock).
// PGlite has no locking of its own; two processes on one folder silently lose each other's writes.
// The file is created atomically (written aside, then hard-linked into place, which fails when it
// exists) and names its holder by pid, process start time and boot id, so that the lock of a
// process that died (SIGKILL, power loss) is recognised and taken over without manual clean-up.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type LockRole = 'server' | 'command';

export interface LockHolder {
  pid: number;
  role: LockRole;
  /** Start time of the process in clock ticks since boot (Linux), so that a reused pid is not mistaken for the holder. */
  startTime: string | null;
  bootId: string | null;
  /** The running server's local admin channel (see src/server/cli/admin-channel.ts). */
  admin?: { port: number; secret: string };
}

export interface DatabaseLock {
  file: string;
  /** Records the admin channel in the lock file, for staff commands to find. */
  setAdmin(admin: { port: number; secret: string }): void;
  /** Removes the lock file if it is still ours; safe to call more than once, and from an 'exit' handler. */
  release(): void;
}

export type LockAttempt = { ok: true; lock: DatabaseLock } | { ok: false; holder: LockHolder };

export const lockFileOf = (dbDir: string) => `${dbDir.replace(/[\\/]+$/, '')}.lock`;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/<pid>/stat (after the command name, which may itself hold spaces and parentheses). */
function startTimeOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** Whether the process that wrote this lock is still running. */
function isHolderAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false; // our own pid from an earlier life (e.g. pid 1 in a container)
  const currentBoot = bootId();
  if (holder.bootId && currentBoot && holder.bootId !== currentBoot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const startTime = startTimeOf(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

function parseHolder(text: string | null): LockHolder | null {
  if (!text) return null;
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

/** Writes the file aside and moves it into place, so that a reader never sees half a lock. */
function writeAside(file: string, text: string): string {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, text, { mode: 0o600 });
  return aside;
}

export function acquireDatabaseLock(dbDir: string, role: LockRole): LockAttempt {
  const file = lockFileOf(dbDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const mine: LockHolder = { pid: process.pid, role, startTime: startTimeOf(process.pid), bootId: bootId() };
  let text = JSON.stringify(mine);

  for (let attempt = 0; attempt < 5; attempt++) {
    const aside = writeAside(file, text);
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readText(file);
      const holder = parseHolder(found);
      if (holder && isHolderAlive(holder)) return { ok: false, holder };
      // A dead holder's lock (or an unreadable one): remove it unless it changed meanwhile, and try again.
      if (readText(file) === found) {
        try {
          unlinkSync(file);
        } catch {
          // another process took it over first; the next attempt sees its lock
        }
      }
      continue;
    } finally {
      unlinkSync(aside);
    }

    let released = false;
    const lock: DatabaseLock = {
      file,
      setAdmin(admin) {
        if (released) return;
        text = JSON.stringify({ ...mine, admin });
        renameSync(writeAside(file, text), file);
      },
      release() {
        if (released) return;
        released = true;
        if (readText(file) === text) {
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        }
      },
    };
    return { ok: true, lock };
  }
  throw new Error(`Could not take the database lock ${file}: it keeps changing hands.`);
}

/** The sentence an operator reads when the database is in use. */
export function describeHolder(holder: LockHolder, dbDir: string): string {
  const who = holder.role === 'server' ? 'a running server' : 'a staff, demo-data, backup or restore command';
  return `The database in ${dbDir} is in use by ${who} (pid ${holder.pid}). An embedded database can be opened by one process only.`;
}

// The data folder is private to the server's user (issue 37 item 1): it holds applicants' data,
// photos, staff second-factor secrets and, on the embedded database, the generated key that opens
// them. Every process that writes there (the server, the console commands) creates files 0600 and
// folders 0700, and the server tightens a folder an earlier version left open, saying so once.
import fs, { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** Group and others: no access at all. */
const PRIVATE_UMASK = 0o077;
const OPEN_TO_OTHERS = 0o077;

/** Folders whose entries' modes are kept private even when set explicitly. */
const privateFolders = new Set<string>();
const isInPrivateFolder = (file: string) => [...privateFolders].some((dir) => file === dir || file.startsWith(`${dir}${path.sep}`));

/**
 * PGlite's file system (Emscripten's NODEFS) creates files under the umask, then sets the modes of
 * its database image itself (0666, past the umask, with chmod and fchmod). Inside a private folder
 * those calls keep their owner's bits only. Node's fs module is one object, shared with PGlite.
 */
function keepModesPrivate(dir: string): void {
  if (privateFolders.size === 0) {
    const { chmodSync: chmod, fchmodSync: fchmod } = fs;
    fs.chmodSync = (file, mode) => chmod(file, isInPrivateFolder(path.resolve(String(file))) ? Number(mode) & ~OPEN_TO_OTHERS : mode);
    fs.fchmodSync = (fd, mode) => {
      let file = '';
      try {
        file = readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        // Not Linux: the descriptor's path is unknown, the mode is kept as asked.
      }
      fchmod(fd, file && isInPrivateFolder(file) ? Number(mode) & ~OPEN_TO_OTHERS : mode);
    };
  }
  privateFolders.add(path.resolve(dir));
}

/** From now on this process creates files 0600 and folders 0700, and keeps what it writes under `dataDir` so. */
function writePrivately(dataDir: string): void {
  process.umask(PRIVATE_UMASK);
  keepModesPrivate(dataDir);
}

/** Takes group and others' access from `dir` and everything under it; returns how many entries were open. Symbolic links are left alone. */
export function tightenTree(dir: string): number {
  if (!existsSync(dir)) return 0;
  let tightened = 0;
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & OPEN_TO_OTHERS) {
      chmodSync(entry, stat.mode & 0o7700);
      tightened++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return tightened;
}

/** Writes privately, creates `dataDir` 0700 when missing and tightens what is already there: how many entries were open to others. */
export function protectDataDir(dataDir: string): number {
  writePrivately(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return tightenTree(dataDir);
}

export const DATA_DIR_TIGHTENED = 'the data folder was open to other users: group and others no longer have access to it (files 0600, folders 0700)';

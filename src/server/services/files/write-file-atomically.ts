// A file appears under its final name whole or not at all: written as `<name>.part`, then renamed.
// Whatever fails on the way (full disk, rename) removes the `.part`, so no half file stays behind.
import { rename, unlink, writeFile } from 'node:fs/promises';

export const PARTIAL_SUFFIX = '.part';

export async function writeFileAtomically(target: string, content: Buffer, mode = 0o600): Promise<void> {
  const partial = `${target}${PARTIAL_SUFFIX}`;
  try {
    await writeFile(partial, content, { mode });
    await rename(partial, target);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
}

// CPU time on Linux (/proc), for the benches that say where a run's CPU went.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** CPU time (user + system) of a process so far, in ms. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of every process named postgres on this machine, in ms (a local server's backends). */
export function postgresCpuMs(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') sum += processCpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

/** The whole machine's busy CPU time so far (every core, every process), in ms. */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** Runs `work` and answers its result with the machine's busy CPU per item and how busy the cores were. */
export async function machineCpuOf<T>(items: number, work: () => Promise<T>): Promise<{ result: T; msPerItem: number; busyShare: number }> {
  const busy = machineBusyMs();
  const started = performance.now();
  const result = await work();
  const used = machineBusyMs() - busy;
  const wall = performance.now() - started;
  return { result, msPerItem: used / items, busyShare: used / (wall * availableParallelism()) };
}

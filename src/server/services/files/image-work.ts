// Decoding images is the most expensive thing an anonymous visitor can ask of the server. Every
// decode (photos and image certificates) takes its turn on one small pool, after the declared size
// has been read from the header, so that uploads cannot take the cores that registrations need.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import pLimit from 'p-limit';
import { loadSharp } from './sharp.ts';

/**
 * Above this many pixels an image is refused before decoding (pixel floods). 20 MP holds what
 * phones save by default (12 MP binned from 48-200 MP sensors; 20 MP cameras) and an A4 scan at
 * 400 dpi (15 MP), against a 400 x 400 portrait shown; 5,000 x 5,000 (25 MP) is refused.
 */
export const MAX_INPUT_PIXELS = 20_000_000;

export class ImagePoolBusy extends Error {
  constructor() {
    super('image pool busy');
  }
}

export interface ImagePool {
  /** Runs `work` when its turn comes; refuses at once (ImagePoolBusy) when too many are waiting. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** Nice value of the threads that decode images: below the main thread, which answers everyone else. */
const IMAGE_THREAD_NICE = 10;
const BACKGROUND_THREAD = /^(libuv-worker|libvips worker)/;
const lowered = new Set<number>();

/**
 * Lowers the CPU priority of the thread pool's threads (where sharp and libvips decode; Linux lets
 * each thread have its own nice value), so that on a busy machine the main thread, which answers
 * registrations, runs first. Threads appear lazily, so this is checked before each image job.
 * Elsewhere than Linux it does nothing.
 */
function lowerImageThreadPriority(): void {
  if (process.platform !== 'linux') return;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    const tid = Number(task);
    if (lowered.has(tid)) continue;
    try {
      if (!BACKGROUND_THREAD.test(readFileSync(`/proc/self/task/${task}/comm`, 'utf8'))) continue;
      setPriority(tid, IMAGE_THREAD_NICE);
      lowered.add(tid);
    } catch {
      // A thread that ended meanwhile, or a system that forbids it: the pool still bounds the work.
    }
  }
}

export function createImagePool({ concurrency = 1, maxWaiting = 8 }: { concurrency?: number; maxWaiting?: number } = {}): ImagePool {
  const limit = pLimit(concurrency);
  return {
    run(work) {
      if (limit.pendingCount >= maxWaiting) return Promise.reject(new ImagePoolBusy());
      return limit(() => {
        lowerImageThreadPriority();
        return work();
      });
    },
  };
}

/** The process's one pool: on a 2-core machine, one image at a time leaves a core for everything else. */
export const imagePool = createImagePool();

export type DeclaredSize = { ok: true; width: number; height: number } | { ok: false; reason: 'unreadable' | 'tooManyPixels' };

/** Width and height as the file's header declares them; sharp's metadata() reads headers without decoding pixels. */
export async function declaredSize(input: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<DeclaredSize> {
  let meta;
  try {
    meta = await (await loadSharp())(input).metadata();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const { width, height } = meta;
  if (!width || !height) return { ok: false, reason: 'unreadable' };
  if (width * height > maxPixels) return { ok: false, reason: 'tooManyPixels' };
  return { ok: true, width, height };
}

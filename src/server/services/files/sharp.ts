// sharp (libvips, tens of megabytes once loaded) loads with the first image job, not at start
// (issue 27): a server that never sees a photo never holds it.
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image: with one image at a time, image work uses at most one core.
    sharp.concurrency(1);
    // No libvips operation cache (up to 50 MB): each photo is decoded once and never again.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

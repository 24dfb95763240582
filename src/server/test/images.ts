// Images for upload tests and benchmarks.
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';

/** A camera-like JPEG (noise compresses badly) between 4.5 and 5 MB, the largest photo accepted. */
export async function fiveMegabyteJpeg(): Promise<Buffer> {
  let quality = 90;
  for (let attempt = 0; attempt < 12; attempt++) {
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_UPLOAD_BYTES && jpeg.length > MAX_UPLOAD_BYTES * 0.9) return jpeg;
    quality += jpeg.length > MAX_UPLOAD_BYTES ? -3 : 2;
    if (quality > 100) break;
  }
  throw new Error('could not make a 5 MB JPEG');
}

// Photos chosen without a connection (issue 24 item 2, decision 0026): kept on the phone in the
// Cache API under a local name (`offline-<uuid>.jpg`), which the visit waiting in the outbox carries
// instead of an uploaded file's. When the outbox sends the visit, the photo is uploaded first, with
// its own bot check, and the visit goes with the uploaded name; the kept copy is then dropped.
import { OFFLINE_PHOTO_MAX_BYTES } from '#shared/limits.ts';
import { saveTempPharmacistImage, type UploadedPhoto } from './api/save-temp-pharmacist-image.ts';

const PHOTOS_CACHE = 'pc-offline-photos';
const keyOf = (name: string) => `/offline-photos/${name}`;

/** Whether a photo name is a kept photo's rather than an uploaded file's. */
export const isKeptPhoto = (name: unknown): name is string => typeof name === 'string' && /^offline-[0-9a-f-]{36}\.jpg$/.test(name);

function blobOf(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** A JPEG no larger than OFFLINE_PHOTO_MAX_BYTES: as it is when small enough, else drawn smaller (null when that cannot be done). */
async function capped(blob: Blob): Promise<Blob | null> {
  if (blob.size <= OFFLINE_PHOTO_MAX_BYTES && blob.type === 'image/jpeg') return blob;
  if (typeof createImageBitmap !== 'function') return blob.size <= OFFLINE_PHOTO_MAX_BYTES ? blob : null;
  const image = await createImageBitmap(blob);
  for (const side of [1600, 1200, 800]) {
    const scale = Math.min(1, side / Math.max(image.width, image.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const smaller = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (smaller && smaller.size <= OFFLINE_PHOTO_MAX_BYTES) return smaller;
  }
  return null;
}

/** Keeps a photo (a data URL) on the phone; its local name, or null when it cannot be kept (too big, no storage). */
export async function keepPhoto(dataUrl: string): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const photo = await capped(blobOf(dataUrl)).catch(() => null);
  if (!photo) return null;
  const name = `offline-${crypto.randomUUID()}.jpg`;
  await (await caches.open(PHOTOS_CACHE)).put(keyOf(name), new Response(photo, { headers: { 'content-type': photo.type } }));
  return name;
}

/** A kept photo as a URL the page can show (an object URL), or null when it is gone. */
export async function keptPhotoUrl(name: string): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const response = await (await caches.open(PHOTOS_CACHE)).match(keyOf(name));
  return response ? URL.createObjectURL(await response.blob()) : null;
}

export async function dropKeptPhoto(name: string): Promise<void> {
  if (typeof caches !== 'undefined') await (await caches.open(PHOTOS_CACHE)).delete(keyOf(name));
}

/**
 * Uploads a kept photo as the photo input would (with a solved bot check); null when the kept copy
 * is gone. Throws as saveTempPharmacistImage does (no connection, refused), for the outbox to decide.
 */
export async function uploadKeptPhoto(name: string): Promise<UploadedPhoto | null> {
  if (typeof caches === 'undefined') return null;
  const response = await (await caches.open(PHOTOS_CACHE)).match(keyOf(name));
  if (!response) return null;
  const dataUrl = await dataUrlOf(await response.blob());
  const { solveBotCheck } = await import('./solve-bot-check.ts');
  return saveTempPharmacistImage(dataUrl, { recaptchaToken: await solveBotCheck() });
}

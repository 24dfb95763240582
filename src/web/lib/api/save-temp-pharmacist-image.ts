// POST /api/save-temp-pharmacist-image (spec §7): JSON {data: dataURL, recaptchaToken} (each upload
// carries its own solved bot check). XMLHttpRequest rather than fetch, because only XHR reports
// upload progress.
import * as Api from '#shared/api/endpoints.ts';
import { PHOTO_URL_PREFIX } from '#shared/schemas/api.ts';
import { parseAnswer } from '../api-client.ts';

export interface UploadedPhoto {
  filename: string;
  targetId: string;
}

/** Why an upload failed, as the photo input tells the user. */
export type PhotoUploadError = 'wrongFormat' | 'tooBig' | 'tooMany' | 'botCheck' | 'serverIssue' | 'unexpected';

export class PhotoUploadFailure extends Error {
  readonly reason: PhotoUploadError;
  constructor(reason: PhotoUploadError) {
    super(`photo upload failed: ${reason}`);
    this.reason = reason;
  }
}

/** Where an uploaded photo is served; `editToken` opens the photo of an application not listed yet. */
export function photoUrl(filename: string, editToken?: string): string {
  const url = `${PHOTO_URL_PREFIX}${encodeURIComponent(filename)}`;
  return editToken ? `${url}?token=${encodeURIComponent(editToken)}` : url;
}

export function saveTempPharmacistImage(
  dataUrl: string,
  { recaptchaToken, onProgress, signal }: { recaptchaToken: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(Api.savePhoto.method, Api.savePhoto.path);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseAnswer(typeof xhr.responseText === 'string' ? xhr.responseText : '');
      const message = body?.message;
      if (xhr.status === 413 || message === 'tooBig') return reject(new PhotoUploadFailure('tooBig'));
      if (xhr.status === 429) return reject(new PhotoUploadFailure('tooMany'));
      if (xhr.status === 400 && body?.errors && 'recaptchaToken' in body.errors) return reject(new PhotoUploadFailure('botCheck'));
      if (xhr.status === 415 || xhr.status === 422 || message === 'wrongFormat') return reject(new PhotoUploadFailure('wrongFormat'));
      if (xhr.status < 200 || xhr.status >= 300 || !body || body.status !== 'ok') return reject(new PhotoUploadFailure('serverIssue'));
      const filename = body.filename;
      const targetId = body.target_id;
      if (typeof filename !== 'string' || !filename) return reject(new PhotoUploadFailure('unexpected'));
      resolve({ filename, targetId: typeof targetId === 'string' ? targetId : '' });
    });
    xhr.addEventListener('error', () => reject(new PhotoUploadFailure('serverIssue')));
    xhr.addEventListener('timeout', () => reject(new PhotoUploadFailure('serverIssue')));
    xhr.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    try {
      xhr.send(JSON.stringify({ data: dataUrl, recaptchaToken }));
    } catch {
      reject(new PhotoUploadFailure('unexpected'));
    }
  });
}

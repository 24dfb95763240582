// POST /api/save-temp-pharmacist-image (spec §7), each upload with its own solved bot check. The
// spec's body is JSON {data: dataURL, recaptchaToken}; this app sends the same two as a multipart
// form, the image as its bytes (a third smaller than base64, read on the server by a well-kept
// parser: docs/decisions/0043). XMLHttpRequest rather than fetch, because only XHR reports upload
// progress.
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

/** A `data:…;base64,` URL's bytes, as a Blob of its media type. */
function blobOfDataUrl(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]*)/.exec(dataUrl)?.[1] ?? '';
  const text = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function saveTempPharmacistImage(
  dataUrl: string,
  { recaptchaToken, onProgress, signal }: { recaptchaToken: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(Api.savePhoto.method, Api.savePhoto.path);
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
      const form = new FormData();
      form.append('recaptchaToken', recaptchaToken);
      form.append('file', blobOfDataUrl(dataUrl), 'photo');
      xhr.send(form);
    } catch {
      reject(new PhotoUploadFailure('unexpected'));
    }
  });
}

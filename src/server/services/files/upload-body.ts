// The photo upload's JSON body ({data: base64 or data URL, recaptchaToken}) read into what the route
// needs: the token and the decoded bytes. Pure, so that it can run off the main thread
// (upload-body-worker.ts): parsing 7 MB of JSON and base64 takes tens of milliseconds.
import { MAX_BASE64_UPLOAD_CHARS } from '#shared/limits.ts';

type UploadData =
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Absent, not a string, or empty. */
  | { kind: 'missing' }
  | { kind: 'tooLong' }
  | { kind: 'notBase64' };

export type UploadBody = { ok: true; recaptchaToken: unknown; data: UploadData } | { ok: false; reason: 'syntax' | 'notObject' };

/** Accepts plain base64 or a data URL; returns null for anything that is not base64. */
function decodeBase64Image(data: string): Buffer | null {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  if (data.startsWith('data:') && (comma < 0 || !/;base64$/i.test(data.slice(0, comma)))) return null;
  const text = comma >= 0 ? data.slice(comma + 1) : data;
  // Without whitespace (as browsers send it) the 7 MB text is not copied once more.
  const body = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  if (body.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

export function readUploadBody(raw: Uint8Array): UploadBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'));
  } catch {
    return { ok: false, reason: 'syntax' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'notObject' };
  const fields = parsed as Record<string, unknown>;
  const recaptchaToken = Object.hasOwn(fields, 'recaptchaToken') ? fields.recaptchaToken : undefined;
  const data = Object.hasOwn(fields, 'data') ? fields.data : undefined;
  if (typeof data !== 'string' || data.length === 0) return { ok: true, recaptchaToken, data: { kind: 'missing' } };
  if (data.length > MAX_BASE64_UPLOAD_CHARS) return { ok: true, recaptchaToken, data: { kind: 'tooLong' } };
  const bytes = decodeBase64Image(data);
  return { ok: true, recaptchaToken, data: bytes ? { kind: 'bytes', bytes } : { kind: 'notBase64' } };
}

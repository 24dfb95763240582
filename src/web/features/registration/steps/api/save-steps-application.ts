// POST /api/save-pharmacist as multipart/form-data (spec §7, three-step variants): the payload's
// text fields (booleans as 'true'/'false') and the certificate as the file part `file`.
import { parseAnswer, type ApiResult } from '../../../../lib/api-client.ts';

export function toFormData(fields: Record<string, unknown>, certificate: File | null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    body.append(name, typeof value === 'string' ? value : String(value));
  }
  if (certificate) body.append('file', certificate, certificate.name);
  return body;
}

export async function saveStepsApplication(body: FormData, signal?: AbortSignal): Promise<ApiResult<{ id?: string }>> {
  const response = await fetch('/api/save-pharmacist', { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  const text = await response.text();
  return { ok: response.ok, httpStatus: response.status, body: parseAnswer<{ id?: string }>(text) };
}

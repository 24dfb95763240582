// The submit's request: the form's endpoint as its contract says (derived from its catalogue entry).
import { formContract } from '#shared/api/form-endpoints.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { callApi, type ApiResult } from '../../lib/api-client.ts';
import type { Values } from './values.ts';

/** Calls the form's endpoint (its contract, derived from the entry); JSON or multipart with the files. */
export function send(form: FormDef, payload: Values, files: Record<string, File | null> = {}, headers?: Record<string, string>): Promise<ApiResult> {
  const contract = formContract(form);
  if (contract.encoding === 'json') return callApi(contract, { request: payload, headers });
  const body = new FormData();
  for (const [name, value] of Object.entries(payload)) if (value !== undefined && value !== null) body.append(name, String(value));
  for (const [name, file] of Object.entries(files)) if (file) body.append(name, file, file.name);
  return callApi(contract, { form: body, headers });
}

// POST /api/mainadmin-add-areamanager {email, firstName, lastName}.
import * as Api from '#shared/api/staff-endpoints.ts';
import type { AddAreaManagerSchema } from '#shared/schemas/staff.ts';
import type * as z from 'zod/mini';
import { callApi } from '../../../lib/api-client.ts';

export type AddAreaManagerResult =
  | { kind: 'added'; id: string }
  | { kind: 'fieldErrors'; errors: Record<string, string> }
  | { kind: 'signedOut' }
  | { kind: 'forbidden' }
  | { kind: 'failed' };

export async function addAreaManager(body: z.input<typeof AddAreaManagerSchema>): Promise<AddAreaManagerResult> {
  try {
    const { ok, httpStatus, body: answer } = await callApi(Api.addAreaManager, { request: body });
    if (httpStatus === 401) return { kind: 'signedOut' };
    if (httpStatus === 403) return { kind: 'forbidden' };
    if (answer?.status === 'failed' && (answer.message === 'errorEmailRegistered' || answer.message === 'errorEmailRegistered2')) {
      return { kind: 'fieldErrors', errors: { email: 'staff.errors.emailRegistered' } };
    }
    if (httpStatus === 400 && answer?.errors && typeof answer.errors === 'object') return { kind: 'fieldErrors', errors: answer.errors };
    if (!ok || answer?.status !== 'ok') return { kind: 'failed' };
    return { kind: 'added', id: typeof answer.data?.id === 'string' ? answer.data.id : '' };
  } catch {
    return { kind: 'failed' };
  }
}

// GET /api/admin/privacy (src/shared/api/staff-endpoints.ts): the record of processing.
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import type { ProcessingRecord } from '#shared/schemas/privacy.ts';
import { callApi } from '../../../../../lib/api-client.ts';

export type ProcessingRecordLoad = { kind: 'ok'; data: ProcessingRecord } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };

export async function getProcessingRecord(signal?: AbortSignal): Promise<ProcessingRecordLoad> {
  const result = await callApi(StaffApi.processingRecord, { signal });
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  const data = result.body?.status === 'ok' ? (result.body.data as ProcessingRecord | undefined) : undefined;
  return result.ok && Array.isArray(data?.entries) ? { kind: 'ok', data: data } : { kind: 'failed' };
}

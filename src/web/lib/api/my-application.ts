// GET /api/my-application/:token: where the application behind a status link stands (issue 25 item 5).
import * as Api from '#shared/api/my-application-endpoints.ts';
import type { MyApplicationStatus } from '#shared/schemas/my-application.ts';
import { callApi } from '../api-client.ts';

/** The application's status; 'notValid' when the link names nothing (unknown, expired, erased); null on another failure. Rejects on a network failure. */
export async function getMyApplication(token: string): Promise<MyApplicationStatus | 'notValid' | null> {
  const { ok, httpStatus, body } = await callApi(Api.getMyApplication, { params: { token } });
  if (httpStatus === 404) return 'notValid';
  if (!ok || body?.status !== 'ok' || !body.data) return null;
  return body.data;
}

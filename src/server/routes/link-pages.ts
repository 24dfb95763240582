// The pages behind an e-mailed link, rendered with what they show (decision 0060): the status page
// (/my-application/{token}) and the data page (/my-data/{token}) read what their API would answer,
// so that they read with scripting off. An unknown link renders the page's "link not valid" view.
import { DataRightsTokenSchema } from '#shared/schemas/applicant-links.ts';
import { StatusTokenSchema } from '#shared/schemas/my-application.ts';
import type { DataRights } from '../services/data-rights.ts';
import type { MyApplication } from '../services/my-application.ts';
import type { PageLoaders } from './web.ts';

const tokenIn = (localPath: string) => localPath.replace(/\/+$/, '').split('/').pop() ?? '';

export function linkPageLoaders(deps: { myApplication: MyApplication; dataRights: DataRights }): PageLoaders {
  return {
    myApplication: async (localPath) => {
      const token = StatusTokenSchema.safeParse(tokenIn(localPath));
      const status = token.success ? await deps.myApplication.statusOf(token.data) : null;
      return { data: status ?? 'notValid' };
    },
    myData: async (localPath) => {
      const token = DataRightsTokenSchema.safeParse(tokenIn(localPath));
      const data = token.success ? await deps.dataRights.export(token.data) : null;
      return { data: data ?? 'notValid' };
    },
  };
}

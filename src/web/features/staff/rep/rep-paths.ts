// Where a rep's pages link to (paths without the market's base path).
import { routePath } from '#shared/routes.ts';

/** The visit form of one pharmacy: /rep/form?pharmacyId={id} (spec §2). */
export const repFormPath = (pharmacyId: string) => `${routePath('repForm')}?pharmacyId=${encodeURIComponent(pharmacyId)}`;

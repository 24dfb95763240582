// The forms a page opens, one lazily loaded module per catalogue entry (decision 0086): the page's
// own chunk holds none of the form runner, the sections or the rules, and a page downloads only the
// entry it shows (the UK page never the Italian form's). The server preloads the entry's module with
// the page (#shared/page-modules.ts FORM_ENTRY_MODULES; src/server/services/page-modules.test.ts
// checks that the two agree).
import { lazy, type ComponentType } from 'react';
import type { LazyFormId } from '#shared/page-modules.ts';
import type { EntryProps } from './form-page.tsx';

const FORM_ENTRY_LOADERS = {
  'apply-uk': () => import('./entries/apply-uk.tsx'),
  'apply-it': () => import('./entries/apply-it.tsx'),
  'apply-steps': () => import('./entries/apply-steps.tsx'),
  'rep-visit': () => import('./entries/rep-visit.tsx'),
} satisfies Record<LazyFormId, () => Promise<{ default: ComponentType<EntryProps> }>>;

const ENTRIES = {} as Record<LazyFormId, ComponentType<EntryProps>>;
for (const id of Object.keys(FORM_ENTRY_LOADERS) as LazyFormId[]) ENTRIES[id] = lazy(FORM_ENTRY_LOADERS[id]);

/** The entry's form; it suspends (the route's loading view) until its module has arrived. */
export function FormEntry({ id, ...props }: EntryProps & { id: LazyFormId }) {
  const Entry = ENTRIES[id];
  return <Entry {...props} />;
}

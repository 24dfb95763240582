// What the token of an e-mailed link names (the data page, the status page): loaded once per token,
// or read by the server for the page it rendered (page-data.ts). 'notValid' when the server does
// not know the link, 'failed' otherwise.
import { useEffect, useState } from 'react';
import { usePageData } from './page-data.ts';

export type LinkAnswer<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'notValid' } | { kind: 'failed' };

/** What the server wrote for a link page: the API's data, or 'notValid'. */
export type ServedLinkAnswer<T> = T | 'notValid';

const answerOf = <T>(data: T | 'notValid' | null): LinkAnswer<T> =>
  data === 'notValid' ? { kind: 'notValid' } : data ? { kind: 'ready', data } : { kind: 'failed' };

/** `load` must be stable (a module's function); `More` adds states of the page's own (e.g. erased). */
export function useLinkAnswer<T, More extends { kind: string } = never>(token: string, load: (token: string) => Promise<T | 'notValid' | null>) {
  const served = usePageData<ServedLinkAnswer<T>>();
  const [state, setState] = useState<LinkAnswer<T> | More>(() => (served === undefined ? { kind: 'loading' } : answerOf(served)));
  const loaded = served !== undefined;
  useEffect(() => {
    if (loaded) return;
    let live = true;
    load(token)
      .then((data) => live && setState(answerOf(data)))
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [token, load, loaded]);
  return [state, setState] as const;
}

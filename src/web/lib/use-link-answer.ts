// What the token of an e-mailed link names (the data page, the status page): loaded once per token,
// with the tab's title set. 'notValid' when the server does not know the link, 'failed' otherwise.
import { useEffect, useState } from 'react';

export type LinkAnswer<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'notValid' } | { kind: 'failed' };

/** `load` must be stable (a module's function); `More` adds states of the page's own (e.g. erased). */
export function useLinkAnswer<T, More extends { kind: string } = never>(token: string, load: (token: string) => Promise<T | 'notValid' | null>, title: string) {
  const [state, setState] = useState<LinkAnswer<T> | More>({ kind: 'loading' });
  useEffect(() => {
    document.title = title;
    let live = true;
    load(token)
      .then((data) => live && setState(data === 'notValid' ? { kind: 'notValid' } : data ? { kind: 'ready', data } : { kind: 'failed' }))
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [token, load, title]);
  return [state, setState] as const;
}

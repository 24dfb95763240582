// Loads a staff list; a 401 sends the visitor to sign-in and back.
import { useCallback, useEffect, useState } from 'react';
import type { ListResult } from './api/staff-list.ts';
import { useSendToSignIn } from './staff-session.tsx';

export type ListState<T> = { kind: 'loading' } | { kind: 'ok'; items: T[] } | { kind: 'forbidden' } | { kind: 'failed' };

export function useStaffList<T>(load: (signal: AbortSignal) => Promise<ListResult<T>>, deps: readonly unknown[]): [ListState<T>, () => void] {
  const sendToSignIn = useSendToSignIn();
  const [state, setState] = useState<ListState<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'signedOut') sendToSignIn();
        else setState(result);
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);

  return [state, reload];
}

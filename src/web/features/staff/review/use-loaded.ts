// Loads one thing for a review page; a 401 sends the visitor to sign-in and back.
import { useCallback, useEffect, useState } from 'react';
import { useSendToSignIn } from '../staff-session.tsx';
import type { Loaded } from './api/review-api.ts';

export type LoadState<T> = { kind: 'loading' } | Exclude<Loaded<T>, { kind: 'signedOut' }>;

export function useLoaded<T>(load: (signal: AbortSignal) => Promise<Loaded<T>>, deps: readonly unknown[]): [LoadState<T>, () => void] {
  const sendToSignIn = useSendToSignIn();
  const [state, setState] = useState<LoadState<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
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

// Loads what a staff page shows, again when `deps` change or on reload(); a 401 sends the visitor
// to sign-in and back. The state is the loader's answer (any of its kinds but signedOut), or
// loading. By default a new load shows loading again; `keepWhileReloading` keeps the last answer
// on screen until the new one arrives (a list reloaded after a change).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSendToSignIn } from '../session/staff-session.tsx';

export type StaffLoadState<R> = { kind: 'loading' } | Exclude<R, { kind: 'signedOut' }>;

export function useStaffLoad<R extends { kind: string }>(
  load: (signal: AbortSignal) => Promise<R>,
  deps: readonly unknown[],
  { keepWhileReloading = false } = {},
): [StaffLoadState<R>, () => void] {
  // The latest one, so that sign-in brings the visitor back to the page as it is now.
  const send = useSendToSignIn();
  const sendToSignIn = useRef(send);
  useEffect(() => {
    sendToSignIn.current = send;
  });
  const [state, setState] = useState<StaffLoadState<R>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    if (!keepWhileReloading) setState({ kind: 'loading' });
    load(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'signedOut') sendToSignIn.current();
        else setState(result as Exclude<R, { kind: 'signedOut' }>);
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' } as StaffLoadState<R>);
      },
    );
    return () => controller.abort();
    // The loader is a new function each render; what it loads is named by `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);

  return [state, reload];
}

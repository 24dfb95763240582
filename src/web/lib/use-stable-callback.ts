import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function that keeps its identity across renders and calls the latest `fn`: a handler handed to
 * a memoised part of the page (the form's body) without making that part render again.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

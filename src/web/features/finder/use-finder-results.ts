// The finder's results for one origin, radius and service keyword: the first page when they change, more pages on
// demand, and a retry after a failure. A newer search cancels the one still under way.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Country } from '#shared/markets.ts';
import { findPharmacies, type FinderPharmacy } from '../../lib/api/finder-pharmacies.ts';

export interface Origin {
  lat: number;
  lng: number;
  /** The chosen place's name; absent for the visitor's own location. */
  place?: string;
}

type FinderStatus = 'idle' | 'loading' | 'error' | 'done';

export interface FinderResults {
  status: FinderStatus;
  items: FinderPharmacy[];
  total: number;
  /** Loading a further page (the ones shown stay). */
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

export function useFinderResults(market: Country, origin: Origin | null, radiusKm: number, service = ''): FinderResults {
  const [status, setStatus] = useState<FinderStatus>('idle');
  const [items, setItems] = useState<FinderPharmacy[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!origin) return;
    const controller = new AbortController();
    running.current?.abort();
    running.current = controller;
    setStatus('loading');
    setItems([]);
    setPage(1);
    findPharmacies({ market, lat: origin.lat, lng: origin.lng, radiusKm, page: 1, service }, controller.signal).then(
      (result) => {
        setItems(result.items);
        setTotal(result.total);
        setStatus('done');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
    return () => controller.abort();
  }, [market, origin, radiusKm, service, attempt]);

  const loadMore = useCallback(() => {
    if (!origin || loadingMore) return;
    const controller = new AbortController();
    running.current = controller;
    setLoadingMore(true);
    findPharmacies({ market, lat: origin.lat, lng: origin.lng, radiusKm, page: page + 1, service }, controller.signal)
      .then(
        (result) => {
          setItems((shown) => [...shown, ...result.items.filter((item) => !shown.some((s) => s.id === item.id))]);
          setTotal(result.total);
          setPage((current) => current + 1);
        },
        () => {
          if (!controller.signal.aborted) setStatus('error');
        },
      )
      .finally(() => setLoadingMore(false));
  }, [market, origin, radiusKm, service, page, loadingMore]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, items, total, loadingMore, loadMore, retry };
}

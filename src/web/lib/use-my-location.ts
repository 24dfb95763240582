// "Use my location": the browser's position once, and why not when it cannot be had (the finder, the rep's list).
import { useCallback, useState } from 'react';

export type LocationState = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable' | 'unsupported';

const TIMEOUT_MS = 15_000;

export function useMyLocation(onFound: (position: { lat: number; lng: number }) => void) {
  const [state, setState] = useState<LocationState>('idle');
  const locate = useCallback(() => {
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation) {
      setState('unsupported');
      return;
    }
    setState('locating');
    geolocation.getCurrentPosition(
      (position) => {
        setState('found');
        onFound({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      // 1 is GeolocationPositionError.PERMISSION_DENIED.
      (error) => setState(error.code === 1 ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  }, [onFound]);
  return { state, locate };
}

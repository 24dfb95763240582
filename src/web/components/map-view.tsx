// The map under the place search. Leaflet loads lazily (its own chunk, with its CSS) once the map
// area comes near the screen, so pages without a map never download it and the form's first paint
// never waits for it; if it cannot load, the page says so and carries on.
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../lib/use-near-viewport.ts';
import { mapConsentGiven, rememberMapConsentForSession } from '../lib/consent-cookies.ts';
import { MARKETS, type Country } from '#shared/markets.ts';
import { MAP_ZOOM } from '#shared/limits.ts';
import type { MapPlace, MapPoint } from './leaflet-map.tsx';

export type { MapPoint };
import './components.css';

export interface MapViewProps {
  country: Country;
  marker?: MapPoint | null;
  /** Tiles URL template; empty draws the map without tiles (the marker still shows). */
  tilesUrl: string;
  attribution: string;
  /** Accessible name of the map region. */
  label: string;
  markerTitle?: string;
  /** Zoom level around the marker (MAP_ZOOM, a street, unless given). */
  zoom?: number;
  /** When given, the applicant can move the marker: drag it, or click the map where it belongs. */
  onMove?: (position: MapPoint) => void;
  /**
   * When given, the map (and its third-party tiles) loads only after the visitor agrees, in the
   * cookie notice or by activating the map area (that answer is kept for the browser session).
   */
  consent?: { text: string; button: string };
  /** Places marked besides `marker` (the finder's pharmacies); `centre` then says where the map looks. */
  points?: readonly MapPlace[];
  centre?: MapPoint;
}

const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/** Shows `fallback` instead of a map that failed to load or draw. */
export class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function MapView({ country, marker, tilesUrl, attribution, label, markerTitle, zoom, onMove, consent, points, centre: lookAt }: MapViewProps) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(() => !consent || mapConsentGiven());
  const [ref, near] = useNearViewport<HTMLDivElement>();
  if (consent && !agreed) {
    return (
      <div className="pc-map pc-map--message pc-map--consent" role="region" aria-label={label}>
        <p>{consent.text}</p>
        <button
          type="button"
          className="pc-button pc-button--secondary"
          onClick={() => {
            rememberMapConsentForSession();
            setAgreed(true);
          }}
        >
          {consent.button}
        </button>
      </div>
    );
  }
  const centre = marker ?? lookAt ?? MARKETS[country].mapCentre;
  const message = (text: string, role?: 'alert' | 'status') => (
    <div ref={ref} className="pc-map pc-map--message" role={role}>
      {text}
    </div>
  );
  if (!near) return message(t('components.map.loading'), 'status');
  return (
    <MapErrorBoundary fallback={message(t('components.map.error'), 'alert')}>
      <Suspense fallback={message(t('components.map.loading'), 'status')}>
        <LeafletMap
          centre={{ lat: centre.lat, lng: centre.lng }}
          marker={marker ?? null}
          tilesUrl={tilesUrl}
          attribution={attribution}
          label={label}
          markerTitle={markerTitle ?? label}
          zoomInTitle={t('components.map.zoomIn')}
          zoomOutTitle={t('components.map.zoomOut')}
          zoom={zoom ?? MAP_ZOOM}
          onMove={onMove}
          points={points}
        />
      </Suspense>
    </MapErrorBoundary>
  );
}

// Loaded only through map-view.tsx's dynamic import: Leaflet and its CSS live in this chunk.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
// ?no-inline: served as files, so a CSP without img-src data: still shows the marker.
import markerIcon from 'leaflet/dist/images/marker-icon.png?no-inline';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?no-inline';
import { MAP_ZOOM } from '#shared/limits.ts';

const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

export interface MapPoint {
  lat: number;
  lng: number;
}

export interface LeafletMapProps {
  centre: MapPoint;
  marker: MapPoint | null;
  tilesUrl: string;
  attribution: string;
  label: string;
  markerTitle: string;
  /** Titles (and accessible names) of Leaflet's zoom buttons, in the page's language. */
  zoomInTitle: string;
  zoomOutTitle: string;
}

export default function LeafletMap({ centre, marker, tilesUrl, attribution, label, markerTitle, zoomInTitle, zoomOutTitle }: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const markerLat = marker?.lat;
  const markerLng = marker?.lng;

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, { zoomControl: false, attributionControl: Boolean(attribution) });
    L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(instance);
    if (tilesUrl) L.tileLayer(tilesUrl, { attribution, maxZoom: 19 }).addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      pin.current = null;
    };
  }, [tilesUrl, attribution, zoomInTitle, zoomOutTitle]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    instance.setView([centre.lat, centre.lng], MAP_ZOOM);
    pin.current?.remove();
    pin.current =
      markerLat !== undefined && markerLng !== undefined
        ? L.marker([markerLat, markerLng], { icon, title: markerTitle, alt: markerTitle, keyboard: false, interactive: false }).addTo(instance)
        : null;
  }, [centre.lat, centre.lng, markerLat, markerLng, markerTitle, tilesUrl, attribution]);

  return (
    <div className="pc-map" role="region" aria-label={label}>
      <div ref={container} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}

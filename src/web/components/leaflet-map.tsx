// Loaded only through map-view.tsx's dynamic import: Leaflet and its CSS live in this chunk.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { createBaseMap } from './leaflet-base.ts';
// ?no-inline: served as files, so a CSP without img-src data: still shows the marker.
import markerIcon from 'leaflet/dist/images/marker-icon.png?no-inline';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?no-inline';

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
  zoom: number;
  onMove?: (position: MapPoint) => void;
  /** More places to mark (the finder's pharmacies), each with its name; the list beside the map is their accessible form. */
  points?: readonly MapPlace[];
}

export interface MapPlace extends MapPoint {
  title: string;
}

const key = (lat: number, lng: number) => `${lat},${lng}`;
/** Six decimals: about 10 cm, more than a pin dropped by hand means. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

/** Tells the page where the applicant put the pin, remembering it so that the map does not re-centre. */
function report(latlng: L.LatLng, movedTo: { current: string | null }, move: { current: ((position: MapPoint) => void) | undefined }) {
  const position = { lat: rounded(latlng.lat), lng: rounded(latlng.lng) };
  movedTo.current = key(position.lat, position.lng);
  move.current?.(position);
}

export default function LeafletMap({
  centre,
  marker,
  tilesUrl,
  attribution,
  label,
  markerTitle,
  zoomInTitle,
  zoomOutTitle,
  zoom,
  onMove,
  points,
}: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const markerLat = marker?.lat;
  const markerLng = marker?.lng;
  const editable = Boolean(onMove);
  const move = useRef(onMove);
  /** The position the applicant gave on this map: the map follows it without re-centring. */
  const movedTo = useRef<string | null>(null);

  useEffect(() => {
    move.current = onMove;
  });

  useEffect(() => {
    if (!container.current) return;
    const instance = createBaseMap(container.current, { tilesUrl, attribution, zoomInTitle, zoomOutTitle });
    instance.on('click', (event: L.LeafletMouseEvent) => {
      if (move.current) report(event.latlng, movedTo, move);
    });
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
    if (pin.current && markerLat !== undefined && markerLng !== undefined && movedTo.current === key(markerLat, markerLng)) {
      pin.current.setLatLng([markerLat, markerLng]);
      return;
    }
    movedTo.current = null;
    instance.setView([centre.lat, centre.lng], zoom);
    pin.current?.remove();
    pin.current =
      markerLat !== undefined && markerLng !== undefined
        ? L.marker([markerLat, markerLng], { icon, title: markerTitle, alt: markerTitle, keyboard: false, interactive: editable, draggable: editable }).addTo(
            instance,
          )
        : null;
    const placed = pin.current;
    if (placed && editable) placed.on('dragend', () => report(placed.getLatLng(), movedTo, move));
  }, [centre.lat, centre.lng, markerLat, markerLng, markerTitle, zoom, editable, tilesUrl, attribution]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || !points?.length) return;
    const layer = L.layerGroup(points.map((p) => L.marker([p.lat, p.lng], { icon, title: p.title, alt: p.title, keyboard: false }))).addTo(instance);
    return () => {
      layer.remove();
    };
  }, [points, tilesUrl, attribution]);

  return (
    <div className="pc-map" role="region" aria-label={label}>
      <div ref={container} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}

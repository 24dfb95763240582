// Many pharmacies on one map, each a coloured dot (canvas-drawn, so thousands stay smooth), the
// view fitted to them. Leaflet and its CSS come with leaflet-base.ts, in the chunk that imports this module.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { createBaseMap } from './leaflet-base.ts';
import type { MapPoint } from './leaflet-map.tsx';

interface ColouredPoint extends MapPoint {
  id: string;
  title: string;
  colour: string;
}

export interface PointsMapProps {
  points: ColouredPoint[];
  /** Where the map looks when there are no points. */
  centre: MapPoint;
  zoom: number;
  tilesUrl: string;
  attribution: string;
  label: string;
  zoomInTitle: string;
  zoomOutTitle: string;
}

/** Canvas draws thousands of dots smoothly; where there is none (old browsers, jsdom) Leaflet uses SVG. */
function canvasAvailable(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

export default function PointsMap({ points, centre, zoom, tilesUrl, attribution, label, zoomInTitle, zoomOutTitle }: PointsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const map = useRef<L.Map | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = createBaseMap(container.current, { tilesUrl, attribution, zoomInTitle, zoomOutTitle, preferCanvas: canvasAvailable() });
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    return () => {
      instance.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tilesUrl, attribution, zoomInTitle, zoomOutTitle]);

  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    for (const point of points) {
      L.circleMarker([point.lat, point.lng], { radius: 7, color: '#0b0c0c', weight: 1, fillColor: point.colour, fillOpacity: 0.9 })
        .bindTooltip(point.title)
        .addTo(group);
    }
    if (points.length > 0) instance.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), { padding: [24, 24], maxZoom: 14 });
    else instance.setView([centre.lat, centre.lng], zoom);
  }, [points, centre.lat, centre.lng, zoom]);

  return (
    <div className="pc-map" role="region" aria-label={label}>
      <div ref={container} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}

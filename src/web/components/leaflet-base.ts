// The Leaflet map every map of ours starts from. Imported only by the lazily loaded map modules
// (leaflet-map.tsx, points-map.tsx), so Leaflet and its CSS stay out of the pages' first download.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** A Leaflet map with our zoom buttons (titles in the page's language) and the configured tiles, if any. */
export function createBaseMap(
  element: HTMLElement,
  options: { tilesUrl: string; attribution: string; zoomInTitle: string; zoomOutTitle: string; preferCanvas?: boolean },
): L.Map {
  const instance = L.map(element, { zoomControl: false, attributionControl: Boolean(options.attribution), preferCanvas: options.preferCanvas ?? false });
  L.control.zoom({ zoomInTitle: options.zoomInTitle, zoomOutTitle: options.zoomOutTitle }).addTo(instance);
  if (options.tilesUrl) L.tileLayer(options.tilesUrl, { attribution: options.attribution, maxZoom: 19 }).addTo(instance);
  return instance;
}

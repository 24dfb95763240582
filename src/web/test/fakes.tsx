// Fakes for the lazy chunks in jsdom tests: vi.mock('./altcha-widget.tsx', () => fakeAltchaModule)
// and vi.mock('./leaflet-map.tsx', () => fakeLeafletModule).
import type { AltchaWidgetProps } from '../components/altcha-widget.tsx';
import type { LeafletMapProps } from '../components/leaflet-map.tsx';

function FakeAltchaWidget({ onVerified, onReset, resetSignal }: AltchaWidgetProps) {
  return (
    <div data-testid="altcha" data-reset={resetSignal}>
      <button type="button" onClick={() => onVerified('altcha-payload')}>
        Solve bot check
      </button>
      <button type="button" onClick={() => onReset()}>
        Expire bot check
      </button>
    </div>
  );
}

/** An editable map (onMove) offers a button standing in for a click on the map at 53.5, -2.9. */
function FakeLeafletMap({ label, marker, centre, zoom, onMove, points }: LeafletMapProps) {
  return (
    <div role="region" aria-label={label} data-centre={`${centre.lat},${centre.lng}`} data-zoom={zoom}>
      {marker ? `marker at ${marker.lat},${marker.lng}` : 'no marker'}
      {points?.length ? ` and ${points.map((p) => p.title).join(', ')}` : ''}
      {onMove ? (
        <button type="button" onClick={() => onMove({ lat: 53.5, lng: -2.9 })}>
          Click the map at 53.5,-2.9
        </button>
      ) : null}
    </div>
  );
}

export const fakeAltchaModule = { default: FakeAltchaWidget };
export const fakeLeafletModule = { default: FakeLeafletMap };

// Fakes for the lazy chunks in jsdom tests: vi.mock('./altcha-widget.tsx', () => fakeAltchaModule)
// and vi.mock('./leaflet-map.tsx', () => fakeLeafletModule).
import type { AltchaWidgetProps } from './altcha-widget.tsx';
import type { LeafletMapProps } from './leaflet-map.tsx';

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

function FakeLeafletMap({ label, marker, centre }: LeafletMapProps) {
  return (
    <div role="region" aria-label={label} data-centre={`${centre.lat},${centre.lng}`}>
      {marker ? `marker at ${marker.lat},${marker.lng}` : 'no marker'}
    </div>
  );
}

export const fakeAltchaModule = { default: FakeAltchaWidget };
export const fakeLeafletModule = { default: FakeLeafletMap };

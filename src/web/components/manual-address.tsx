// "Can't find your pharmacy?": the applicant types the address, our server's places provider puts
// a pin on the map, the applicant moves it if needed (drag it, or click the map) and confirms.
// Confirming the position found is enough, so the whole route works by keyboard.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { Country } from '#shared/markets.ts';
import { MAP_ZOOM } from '#shared/limits.ts';
import { ManualAddressSchema } from '#shared/schemas/fields.ts';
import { geocodeAddress, type GeocodedAddress } from '../lib/api/places-geocode.ts';
import { Field } from './field.tsx';
import type { MapPoint } from './map-view.tsx';
import './components.css';

/** Zoom for a pin at a town's centre: the town, not one street of it. */
const TOWN_ZOOM = 13;

export interface ManualAddressProps {
  id: string;
  market: Country;
  /** Called with the address as typed (trimmed) and the pin's position. */
  onConfirm: (address: string, position: MapPoint) => void;
  onCancel: () => void;
  /** The map, with `pin` on it; `onMove` is called when the applicant drags the pin or clicks the map. */
  renderMap: (pin: MapPoint | null, onMove: (position: MapPoint) => void, zoom: number) => ReactNode;
  /** The heading, when the form words it its own way. */
  heading?: string;
}

type Phase = { kind: 'typing' } | { kind: 'finding' } | { kind: 'found'; found: GeocodedAddress } | { kind: 'moved' };

function foundMessageKey(found: GeocodedAddress): string {
  if (found.demo) return 'components.manualAddress.found.demo';
  return `components.manualAddress.found.${found.match}`;
}

export function ManualAddress({ id, market, onConfirm, onCancel, renderMap, heading }: ManualAddressProps) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'typing' });
  const [pin, setPin] = useState<MapPoint | null>(null);
  const [zoom, setZoom] = useState(MAP_ZOOM);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const search = useRef<AbortController | null>(null);
  const inputId = `${id}-manual-address`;
  const headingId = `${id}-manual-heading`;

  useEffect(() => {
    input.current?.focus();
    return () => search.current?.abort();
  }, []);

  const find = async () => {
    const parsed = z.safeParse(ManualAddressSchema, address);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.addressRequired'));
      input.current?.focus();
      return;
    }
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    setError('');
    setPhase({ kind: 'finding' });
    const outcome = await geocodeAddress(parsed.data, market, controller.signal);
    if (controller.signal.aborted) return;
    if (outcome.status === 'found') {
      setPin({ lat: outcome.place.lat, lng: outcome.place.lng });
      setZoom(outcome.place.match === 'address' ? MAP_ZOOM : TOWN_ZOOM);
      setPhase({ kind: 'found', found: outcome.place });
    } else {
      setPhase({ kind: 'typing' });
      setError(t(outcome.status === 'notFound' ? 'components.manualAddress.notFound' : 'components.manualAddress.failed'));
      input.current?.focus();
    }
  };

  const confirm = () => {
    const parsed = z.safeParse(ManualAddressSchema, address);
    if (!parsed.success || !pin) {
      setError(t(!parsed.success ? (parsed.error.issues[0]?.message ?? 'validation.addressRequired') : 'components.manualAddress.noPin'));
      input.current?.focus();
      return;
    }
    onConfirm(parsed.data, pin);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter finds the address instead of submitting the whole application.
    if (event.key === 'Enter') {
      event.preventDefault();
      void find();
    }
  };

  const status =
    phase.kind === 'finding'
      ? t('components.manualAddress.finding')
      : phase.kind === 'found'
        ? `${t(foundMessageKey(phase.found), { label: phase.found.label })} ${t('components.manualAddress.adjust')}`
        : phase.kind === 'moved'
          ? t('components.manualAddress.moved')
          : '';

  return (
    <div className="pc-manual-address" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="pc-manual-address__heading">
        {heading ?? t('components.manualAddress.heading')}
      </h3>
      <Field id={inputId} label={t('components.manualAddress.label')} hint={t('components.manualAddress.hint')} error={error || undefined}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="text"
            className={['pc-input', error ? 'pc-input--error' : ''].filter(Boolean).join(' ')}
            autoComplete="street-address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
      </Field>
      <button type="button" className="pc-button pc-button--secondary" onClick={() => void find()} disabled={phase.kind === 'finding'}>
        {t('components.manualAddress.find')}
      </button>
      {renderMap(
        pin,
        (position) => {
          setPin(position);
          setError('');
          setPhase({ kind: 'moved' });
        },
        zoom,
      )}
      {/* Under the map, so that a changing message never moves the map under a dragging pointer. */}
      <p className="pc-manual-address__status" role="status">
        {status}
      </p>
      <div className="pc-button-group">
        <button type="button" className="pc-button" onClick={confirm}>
          {t('components.manualAddress.confirm')}
        </button>
        <button type="button" className="pc-link-button" onClick={onCancel}>
          {t('components.manualAddress.cancel')}
        </button>
      </div>
    </div>
  );
}

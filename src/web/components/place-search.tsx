// Accessible place search (ARIA 1.2 combobox with a listbox popup): type at least two characters,
// results come from /api/places/search after a pause in typing; arrows move, Enter chooses,
// Escape closes. Under it, "Can't find your pharmacy?" (manual-address.tsx) places a typed
// address on the map instead, and the map itself shows the place chosen.
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '#shared/markets.ts';
import { searchPlaces, type Place } from '../lib/api/places-search.ts';
import { getPlaceDetails } from '../lib/api/places-details.ts';
import { newManualPlaceId } from '#shared/schemas/fields.ts';
import { ErrorMessage, Hint, describedBy } from './field.tsx';
import { MapView, type MapPoint, type MapViewProps } from './map-view.tsx';
import './components.css';

// Opened by few applicants: its code loads when they ask for it.
const ManualAddress = lazy(() => import('./manual-address.tsx').then((m) => ({ default: m.ManualAddress })));

const PLACE_SEARCH_MIN_CHARS = 2;
const PLACE_SEARCH_DEBOUNCE_MS = 300;

export interface PlaceSearchProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  market: Country;
  /** The place chosen so far (shown under the box). */
  chosen?: { name?: string; address: string } | null;
  /**
   * Called with the chosen search result (its name, when the provider has one, is the pharmacy's),
   * or with a place made from a typed address: a manual place id and an empty name.
   */
  onSelect: (place: Place) => void;
  /** The map under the search, with the chosen place's marker; also used to place a typed address. Without it (the finder), no map and no "can't find" address entry. */
  map?: Omit<MapViewProps, 'country' | 'onMove' | 'zoom'>;
  /** The "can't find" button's and the typed address's heading, where the form words them its own way (staff speak of "the" pharmacy). */
  manualTexts?: { toggle: string; heading: string };
}

type SearchState = 'idle' | 'loading' | 'done' | 'error';

export function PlaceSearch({ id, label, hint, error, market, chosen, onSelect, map, manualTexts }: PlaceSearchProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState(false);
  const [results, setResults] = useState<Place[]>([]);
  const [state, setState] = useState<SearchState>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [manual, setManual] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const manualToggle = useRef<HTMLButtonElement>(null);
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const chosenId = `${id}-chosen`;
  const term = query.trim();

  useEffect(() => {
    if (!typed || term.length < PLACE_SEARCH_MIN_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('loading');
      searchPlaces(term, market, controller.signal).then(
        (places) => {
          setResults(places);
          setActive(-1);
          setState('done');
          setOpen(true);
        },
        () => {
          if (controller.signal.aborted) return;
          setResults([]);
          setState('error');
          setOpen(true);
        },
      );
    }, PLACE_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, typed, market]);

  const choose = async (place: Place) => {
    setManual(false);
    setQuery(place.name);
    setTyped(false);
    setOpen(false);
    setActive(-1);
    setState('idle');
    let full = place;
    if (!Number.isFinite(place.lat) || !Number.isFinite(place.lng)) {
      full = (await getPlaceDetails(place.placeId).catch(() => null)) ?? place;
    }
    onSelect(full);
  };

  const confirmManual = (address: string, position: MapPoint) => {
    setManual(false);
    setQuery('');
    setTyped(false);
    onSelect({ placeId: newManualPlaceId(), name: '', address, lat: position.lat, lng: position.lng });
    input.current?.focus(); // the search box now describes the chosen place
  };

  const cancelManual = () => {
    setManual(false);
    manualToggle.current?.focus();
  };

  const mapView = (marker: MapPoint | null, onMove?: (position: MapPoint) => void, zoom?: number) =>
    map ? (
      <MapView
        {...map}
        country={market}
        marker={marker}
        onMove={onMove}
        zoom={zoom}
        markerTitle={onMove ? t('components.manualAddress.markerTitle') : map.markerTitle}
      />
    ) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open && count) setOpen(true);
        if (count) setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open && count) setOpen(true);
        if (count) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          const place = results[active];
          if (place) void choose(place);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const showList = open && state === 'done' && results.length > 0;
  const showStatus = open && (state === 'error' || (state === 'done' && results.length === 0));
  const liveMessage =
    state === 'loading'
      ? t('components.placeSearch.searching')
      : state === 'error'
        ? t('components.placeSearch.failed')
        : state === 'done'
          ? results.length
            ? t('components.placeSearch.results', { count: results.length })
            : t('components.placeSearch.noResults')
          : '';

  return (
    <div className={['pc-form-group', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}>
      <label className="pc-label" htmlFor={id}>
        {label}
      </label>
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      <div className="pc-combobox">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          className={['pc-input', error ? 'pc-input--error' : ''].filter(Boolean).join(' ')}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error, extra: chosen ? [chosenId] : [] })}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setTyped(true);
            if (event.target.value.trim().length < PLACE_SEARCH_MIN_CHARS) {
              setOpen(false);
              setResults([]);
              setState('idle');
            }
          }}
          onKeyDown={onKeyDown}
          // The list closes on leaving the box; "No results found" stays, so that the button under it does not move while pressed.
          onBlur={() => {
            if (results.length) setOpen(false);
          }}
        />
        {state === 'loading' ? (
          <span className="pc-combobox__status" aria-hidden="true">
            {t('components.placeSearch.searching')}
          </span>
        ) : null}
        <ul id={listboxId} role="listbox" aria-label={t('components.placeSearch.listLabel')} className="pc-combobox__listbox" hidden={!showList}>
          {showList
            ? results.map((place, index) => (
                <li
                  key={place.placeId}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="pc-combobox__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void choose(place)}
                >
                  {place.name}
                  <span className="pc-combobox__option-address">{place.address}</span>
                </li>
              ))
            : null}
        </ul>
        {showStatus ? (
          // In the flow of the page, not over it: "Can't find your pharmacy?" under it is the way on (issue 25).
          <div className="pc-combobox__status pc-combobox__status--inline" aria-hidden="true">
            {liveMessage}
          </div>
        ) : null}
      </div>
      <div id={statusId} className="visually-hidden" role="status">
        {liveMessage}
      </div>
      {map ? (
        <button
          ref={manualToggle}
          type="button"
          className="pc-link-button pc-place-manual-toggle"
          aria-expanded={manual}
          aria-controls={manual ? `${id}-manual` : undefined}
          onClick={() => {
            setOpen(false);
            setManual((open) => !open);
          }}
        >
          {manualTexts?.toggle ?? t('components.manualAddress.toggle')}
        </button>
      ) : null}
      {map && manual ? (
        <div id={`${id}-manual`}>
          <Suspense
            fallback={
              <p className="pc-body" role="status">
                {t('common.loading')}
              </p>
            }
          >
            <ManualAddress id={id} market={market} onConfirm={confirmManual} onCancel={cancelManual} renderMap={mapView} heading={manualTexts?.heading} />
          </Suspense>
        </div>
      ) : null}
      {chosen ? (
        <p id={chosenId} className="pc-place-chosen">
          <strong>{t('components.placeSearch.chosen')}</strong> {[chosen.name, chosen.address].filter(Boolean).join(', ')}
        </p>
      ) : null}
      {map && !manual ? mapView(map.marker ?? null) : null}
    </div>
  );
}

// /finder (issue #13): patients find listed champions near them, on a map and in a list, in the
// market's language. Where from: the browser's location ("use my location") or a place search
// (the form's PlaceSearch, without its map). The list is the accessible form of the map.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAG } from '#shared/markets.ts';
import { FINDER_DEFAULT_RADIUS_KM } from '#shared/schemas/finder.ts';
import { MapView } from '../../components/map-view.tsx';
import { PlaceSearch } from '../../components/place-search.tsx';
import { useSite } from '../../lib/site-context.tsx';
import type { FinderPharmacy } from '../../lib/api/finder-pharmacies.ts';
import { useFinderResults, type Origin } from './use-finder-results.ts';
import { useMyLocation } from '../../lib/use-my-location.ts';
import './finder.css';

const FINDER_RADII_KM = [5, 10, 25, 50, 100] as const;

/** A zoom that shows roughly the whole circle. */
const zoomFor = (radiusKm: number) => (radiusKm <= 5 ? 12 : radiusKm <= 10 ? 11 : radiusKm <= 25 ? 10 : radiusKm <= 50 ? 9 : 8);

export function FinderPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const market = config.country;
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [radiusKm, setRadiusKm] = useState<number>(FINDER_DEFAULT_RADIUS_KM);
  const results = useFinderResults(market, origin, radiusKm);
  const onFound = useCallback((position: { lat: number; lng: number }) => setOrigin(position), []);
  const location = useMyLocation(onFound);

  useEffect(() => {
    document.title = `${t('finder.title')} – ${config.productName}`;
  }, [t, config.productName]);

  const points = useMemo(() => results.items.map((p) => ({ lat: p.lat, lng: p.lng, title: p.pharmacyName })), [results.items]);
  const locationMessage = location.state === 'idle' || location.state === 'found' ? '' : t(`finder.location.${location.state}`);

  return (
    <div className="finder">
      <h1 className="pc-heading-l">{t('finder.title')}</h1>
      <p className="pc-body">{t('finder.intro')}</p>

      <section className="finder__where" aria-labelledby="finder-where">
        <h2 id="finder-where" className="pc-heading-m">
          {t('finder.where.heading')}
        </h2>
        <p className="finder__locate">
          <button type="button" className="pc-button pc-button--secondary" onClick={location.locate} disabled={location.state === 'locating'}>
            {t('finder.location.button')}
          </button>
        </p>
        <p className={location.state === 'denied' || location.state === 'unavailable' || location.state === 'unsupported' ? 'finder__message finder__message--problem' : 'finder__message'} role="status">
          {locationMessage}
        </p>
        <PlaceSearch
          id="finder-place"
          label={t('finder.search.label')}
          hint={t('finder.search.hint')}
          market={market}
          onSelect={(place) => {
            if (Number.isFinite(place.lat) && Number.isFinite(place.lng)) setOrigin({ lat: place.lat, lng: place.lng, place: place.name || place.address });
          }}
        />
        <div className="pc-form-group">
          <label className="pc-label" htmlFor="finder-radius">
            {t('finder.radius.label')}
          </label>
          <select id="finder-radius" className="pc-select" value={radiusKm} onChange={(event) => setRadiusKm(Number(event.target.value))}>
            {FINDER_RADII_KM.map((km) => (
              <option key={km} value={km}>
                {t('finder.radius.option', { count: km })}
              </option>
            ))}
          </select>
        </div>
      </section>

      <section className="finder__results" aria-labelledby="finder-results">
        <h2 id="finder-results" className="pc-heading-m">
          {t('finder.results.heading')}
        </h2>
        <ResultsStatus origin={origin} radiusKm={radiusKm} status={results.status} total={results.total} onRetry={results.retry} />
        {origin ? (
          <MapView
            country={market}
            centre={origin}
            zoom={zoomFor(radiusKm)}
            points={points}
            tilesUrl={config.mapTilesUrl}
            attribution={config.mapAttribution}
            label={t('finder.map.label')}
            consent={market === 'de' ? { text: t('finder.map.consentText'), button: t('finder.map.consentButton') } : undefined}
          />
        ) : null}
        {results.items.length ? (
          <ol className="finder__list" aria-labelledby="finder-results">
            {results.items.map((pharmacy) => (
              <PharmacyItem key={pharmacy.id} pharmacy={pharmacy} />
            ))}
          </ol>
        ) : null}
        {results.status === 'done' && results.items.length < results.total ? (
          <p>
            <button type="button" className="pc-button pc-button--secondary" onClick={results.loadMore} disabled={results.loadingMore}>
              {results.loadingMore ? t('finder.results.loadingMore') : t('finder.results.more')}
            </button>
          </p>
        ) : null}
      </section>
    </div>
  );
}

function ResultsStatus({ origin, radiusKm, status, total, onRetry }: { origin: Origin | null; radiusKm: number; status: string; total: number; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === 'error') {
    return (
      <div className="finder__message finder__message--problem" role="alert">
        <p>{t('finder.results.error')}</p>
        <button type="button" className="pc-button pc-button--secondary" onClick={onRetry}>
          {t('finder.results.retry')}
        </button>
      </div>
    );
  }
  const text =
    !origin || status === 'idle'
      ? t('finder.results.prompt')
      : status === 'loading'
        ? t('finder.results.loading')
        : total === 0
          ? t(origin.place ? 'finder.results.none' : 'finder.results.noneHere', { radius: radiusKm, place: origin.place })
          : t(origin.place ? 'finder.results.count' : 'finder.results.countHere', { count: total, radius: radiusKm, place: origin.place });
  return (
    <p className="finder__message" role="status">
      {text}
    </p>
  );
}

function PharmacyItem({ pharmacy }: { pharmacy: FinderPharmacy }) {
  const { t, i18n } = useTranslation();
  const tag = LANGUAGE_TAG[i18n.language as keyof typeof LANGUAGE_TAG] ?? 'en-GB';
  const distance = new Intl.NumberFormat(tag, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(pharmacy.distanceKm);
  const headingId = `finder-item-${pharmacy.id}`;
  return (
    <li className="finder__item">
      <article aria-labelledby={headingId}>
        {pharmacy.photoUrl ? <img className="finder__photo" src={pharmacy.photoUrl} alt={t('finder.item.photoAlt', { name: pharmacy.firstName })} width={72} height={72} loading="lazy" /> : null}
        <div className="finder__details">
          <h3 id={headingId} className="finder__name">
            {pharmacy.pharmacyName}
          </h3>
          <p className="finder__distance">{t('finder.item.distance', { distance })}</p>
          <p className="finder__address">{pharmacy.address}</p>
          <p>{t('finder.item.champion', { name: pharmacy.firstName })}</p>
          {pharmacy.services ? (
            <p>
              <strong>{t('finder.item.services')}</strong> {pharmacy.services}
            </p>
          ) : null}
          {pharmacy.about ? <p className="finder__about">{pharmacy.about}</p> : null}
        </div>
      </article>
    </li>
  );
}

// /finder (issue #13): patients find listed champions near them, on a map and in a list, in the
// market's language. Where from: the browser's location ("use my location") or a place search
// (the form's PlaceSearch, without its map). The list is the accessible form of the map. Each result
// is the one listing card (components/listing-card.tsx), its name a link to the listing's own page;
// a service keyword narrows the results (issue 25 item 9). The search is kept in the history entry's
// state (never in the address, which would carry the visitor's position when shared), so that Back
// from a listing's page shows the same results.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGE_TAG, MARKETS } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import { FINDER_DEFAULT_RADIUS_KM, FINDER_SERVICE_MAX } from '#shared/schemas/finder.ts';
import { ListingCard } from '../../components/listing-card.tsx';
import { MapView } from '../../components/map-view.tsx';
import { PlaceSearch } from '../../components/place-search.tsx';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';
import type { FinderPharmacy } from '../../lib/api/finder-pharmacies.ts';
import { useFinderResults, type Origin } from './use-finder-results.ts';
import { useMyLocation } from '../../lib/use-my-location.ts';
import './finder.css';

const FINDER_RADII_KM = [5, 10, 25, 50, 100] as const;

/** A zoom that shows roughly the whole circle. */
const zoomFor = (radiusKm: number) => (radiusKm <= 5 ? 12 : radiusKm <= 10 ? 11 : radiusKm <= 25 ? 10 : radiusKm <= 50 ? 9 : 8);

/** A listing's page opened from the results: its Back returns to them (finder-listing-page.tsx). */
const FROM_FINDER = { fromFinder: true } as const;

/** The search a history entry keeps. */
interface KeptSearch {
  origin: Origin | null;
  radiusKm: number;
  service: string;
}

/** The search kept in a history entry's state, if it is one (the state is the browser's, not trusted). */
function keptSearch(state: unknown): KeptSearch {
  const kept = (state && typeof state === 'object' ? (state as { finder?: unknown }).finder : null) as Partial<KeptSearch> | null | undefined;
  const origin = kept?.origin;
  const validOrigin =
    origin && Number.isFinite(origin.lat) && Number.isFinite(origin.lng)
      ? { lat: origin.lat, lng: origin.lng, ...(typeof origin.place === 'string' ? { place: origin.place } : {}) }
      : null;
  return {
    origin: validOrigin,
    radiusKm: FINDER_RADII_KM.includes(kept?.radiusKm as never) ? kept!.radiusKm! : FINDER_DEFAULT_RADIUS_KM,
    service: typeof kept?.service === 'string' ? kept.service.slice(0, FINDER_SERVICE_MAX) : '',
  };
}

export function FinderPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const market = config.country;
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const [kept] = useState(() => keptSearch(state));
  const [origin, setOrigin] = useState<Origin | null>(kept.origin);
  const [radiusKm, setRadiusKm] = useState<number>(kept.radiusKm);
  const [service, setService] = useState(kept.service);

  useEffect(() => {
    const finder: KeptSearch = { origin, radiusKm, service };
    void navigate({ pathname, search }, { replace: true, state: { finder } });
    // Only when the search changes (the entry's path stays).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [origin, radiusKm, service]);
  const results = useFinderResults(market, origin, radiusKm, service);
  const onFound = useCallback((position: { lat: number; lng: number }) => setOrigin(position), []);
  const location = useMyLocation(onFound);

  useDocumentTitle(`${t('finder.title')} – ${config.productName}`);

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
        <p
          className={
            location.state === 'denied' || location.state === 'unavailable' || location.state === 'unsupported'
              ? 'finder__message finder__message--problem'
              : 'finder__message'
          }
          role="status"
        >
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
        <ServiceFilter service={service} onChange={setService} />
      </section>

      <section className="finder__results" aria-labelledby="finder-results">
        <h2 id="finder-results" className="pc-heading-m">
          {t('finder.results.heading')}
        </h2>
        <ResultsStatus origin={origin} radiusKm={radiusKm} service={service} status={results.status} total={results.total} onRetry={results.retry} />
        {origin ? (
          <MapView
            country={market}
            centre={origin}
            zoom={zoomFor(radiusKm)}
            points={points}
            tilesUrl={config.mapTilesUrl}
            attribution={config.mapAttribution}
            label={t('finder.map.label')}
            consent={MARKETS[market].mapNeedsConsent ? { text: t('finder.map.consentText'), button: t('finder.map.consentButton') } : undefined}
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

/**
 * A service keyword the results must offer: applied on Filter (or Enter), removed by Clear. The
 * field keeps what the browser holds (not React state), so that words typed before the page's
 * scripts took over are not lost (decision 0039).
 */
function ServiceFilter({ service, onChange }: { service: string; onChange: (service: string) => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange((field.current?.value ?? '').trim());
  };
  return (
    <form className="finder__service" onSubmit={apply}>
      <div className="pc-form-group">
        <label className="pc-label" htmlFor="finder-service">
          {t('finder.service.label')}
        </label>
        <p className="pc-hint" id="finder-service-hint">
          {t('finder.service.hint')}
        </p>
        <div className="finder__service-row">
          <input
            ref={field}
            id="finder-service"
            className="pc-input"
            type="search"
            defaultValue={service}
            maxLength={FINDER_SERVICE_MAX}
            aria-describedby="finder-service-hint"
          />
          <button type="submit" className="pc-button pc-button--secondary">
            {t('finder.service.apply')}
          </button>
        </div>
      </div>
      {service ? (
        <p className="finder__service-active">
          {t('finder.service.active', { service })}{' '}
          <button
            type="button"
            className="pc-link-button"
            onClick={() => {
              if (field.current) field.current.value = '';
              onChange('');
            }}
          >
            {t('finder.service.clear')}
          </button>
        </p>
      ) : null}
    </form>
  );
}

function ResultsStatus({
  origin,
  radiusKm,
  service,
  status,
  total,
  onRetry,
}: {
  origin: Origin | null;
  radiusKm: number;
  service: string;
  status: string;
  total: number;
  onRetry: () => void;
}) {
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
        : total === 0 && service
          ? t(origin.place ? 'finder.results.noneService' : 'finder.results.noneServiceHere', { radius: radiusKm, place: origin.place, service })
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
  const localPath = useLocalPath();
  const tag = LANGUAGE_TAG[i18n.language as keyof typeof LANGUAGE_TAG] ?? 'en-GB';
  const distance = new Intl.NumberFormat(tag, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(pharmacy.distanceKm);
  return (
    <li className="finder__item">
      <ListingCard
        listing={pharmacy}
        headingId={`finder-item-${pharmacy.id}`}
        headingLevel={3}
        nameTo={localPath(routePath('finderListing', { listingId: pharmacy.id }))}
        nameState={FROM_FINDER}
      >
        <p className="finder__distance">{t('finder.item.distance', { distance })}</p>
      </ListingCard>
    </li>
  );
}

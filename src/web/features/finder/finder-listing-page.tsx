// /finder/{listingId} (issue 25 item 9): one listed champion's own page, to share or to go to: the
// listing card, the address, directions in the visitor's maps app, and a small map. An id that is
// not listed (never was, or no longer is) shows the not-found view; the server answers it with 404
// and gives a listed one its own title and description (routes/web.ts), as this page does.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { directionsUrl } from '#shared/listing.ts';
import { routePath } from '#shared/routes.ts';
import { MARKETS } from '#shared/markets.ts';
import { ErrorView } from '../../components/error-view.tsx';
import { ListingCard } from '../../components/listing-card.tsx';
import { MapView } from '../../components/map-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { getFinderListing, type FinderListing } from '../../lib/api/finder-listing.ts';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';
import { usePageData } from '../../lib/page-data.ts';
import './finder.css';

/** A street's zoom: the pharmacy and the streets around it. */
const LISTING_ZOOM = 16;

type Loaded = { state: 'loading' } | { state: 'found'; listing: FinderListing } | { state: 'notFound' } | { state: 'failed' };

export function FinderListingPage({ notFound }: { notFound: ReactNode }) {
  const { listingId = '' } = useParams();
  // The listing the server read for the page it rendered (it answers 404 for an id not listed).
  const served = usePageData<FinderListing>();
  const [loaded, setLoaded] = useState<Loaded>(served ? { state: 'found', listing: served } : { state: 'loading' });

  useEffect(() => {
    if (served) return;
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    getFinderListing(listingId, controller.signal).then(
      (listing) => setLoaded(listing ? { state: 'found', listing } : { state: 'notFound' }),
      () => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [listingId, served]);

  if (loaded.state === 'notFound') return notFound;
  if (loaded.state === 'failed') return <FailedListing />;
  if (loaded.state === 'loading') return <LoadingListing />;
  return <Listing listing={loaded.listing} />;
}

function LoadingListing() {
  const { t } = useTranslation();
  return <Spinner label={t('finder.listing.loading')} />;
}

function FailedListing() {
  const { t } = useTranslation();
  return <ErrorView message={t('finder.listing.error')} />;
}

/** The page's title, as the server writes it for a shared link (routes/web.ts listing head). */
const listingTitle = (t: (key: string, values?: Record<string, string>) => string, listing: FinderListing, productName: string) =>
  `${t('finder.listing.title', { pharmacy: listing.pharmacyName })} – ${productName}`;

function Listing({ listing }: { listing: FinderListing }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const navigate = useNavigate();
  // Opened from the finder's results: Back goes back to them, as they were.
  const fromFinder = (useLocation().state as { fromFinder?: unknown } | null)?.fromFinder === true;

  useDocumentTitle(listingTitle(t, listing, config.productName));

  return (
    <div className="finder finder-listing">
      <p className="finder-listing__back">
        <Link
          to={localPath(routePath('finder'))}
          onClick={(event) => {
            if (!fromFinder) return;
            event.preventDefault();
            void navigate(-1);
          }}
        >
          {t('finder.listing.back')}
        </Link>
      </p>
      <ListingCard listing={listing} headingId="finder-listing-name" headingLevel={1} />
      <p className="finder-listing__directions">
        <a className="pc-button" href={directionsUrl(listing.lat, listing.lng)} aria-describedby="finder-directions-hint">
          {t('finder.listing.directions')}
        </a>
      </p>
      <p className="pc-hint" id="finder-directions-hint">
        {t('finder.listing.directionsHint')}
      </p>
      <MapView
        country={listing.market}
        marker={{ lat: listing.lat, lng: listing.lng }}
        markerTitle={listing.pharmacyName}
        zoom={LISTING_ZOOM}
        tilesUrl={config.mapTilesUrl}
        attribution={config.mapAttribution}
        label={t('finder.listing.mapLabel')}
        consent={MARKETS[listing.market].mapNeedsConsent ? { text: t('finder.map.consentText'), button: t('finder.map.consentButton') } : undefined}
      />
    </div>
  );
}

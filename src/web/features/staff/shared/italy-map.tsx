// A map of Italy with coloured points (the manager's dashboard, the rep's list): Leaflet loads
// only when it is shown; while it loads, or if it cannot, the place says so in words.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETS } from '#shared/markets.ts';
import { MapErrorBoundary } from '../../../components/map-view.tsx';
import type { PointsMapProps } from '../../../components/points-map.tsx';
import { useSite } from '../../../lib/site-context.tsx';

const PointsMap = lazy(() => import('../../../components/points-map.tsx'));

/** The whole country in view. */
const ITALY_ZOOM = 5;

export function ItalyMap({ points, label }: { points: PointsMapProps['points']; label: string }) {
  const { t } = useTranslation();
  const { config } = useSite();
  return (
    <MapErrorBoundary
      fallback={
        <div className="pc-map pc-map--message" role="alert">
          {t('components.map.error')}
        </div>
      }
    >
      <Suspense
        fallback={
          <div className="pc-map pc-map--message" role="status">
            {t('components.map.loading')}
          </div>
        }
      >
        <PointsMap
          points={points}
          centre={MARKETS.it.mapCentre}
          zoom={ITALY_ZOOM}
          tilesUrl={config.mapTilesUrl}
          attribution={config.mapAttribution}
          label={label}
          zoomInTitle={t('components.map.zoomIn')}
          zoomOutTitle={t('components.map.zoomOut')}
        />
      </Suspense>
    </MapErrorBoundary>
  );
}

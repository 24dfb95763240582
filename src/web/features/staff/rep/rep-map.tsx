// The rep's pharmacies on a map, coloured by their current call flag (issue 24 item 3), in a closed
// <details>: Leaflet and the map tiles load only when the rep opens it. A legend names each
// colour's flag in words; pharmacies without coordinates are counted and stay in the list, which
// remains the way to open a pharmacy.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepPharmacyItem } from '#shared/schemas/staff-rep-list.ts';
import { flagColour, PIPELINE_ORDER } from '../shared/flag-colours.ts';
import { useCallFlagText } from '../../../lib/use-call-flag-text.ts';
import { ItalyMap } from '../shared/italy-map.tsx';

/** Italy as a whole, when no pharmacy has a position. */

export function RepMap({ pharmacies }: { pharmacies: readonly RepPharmacyItem[] }) {
  const { t } = useTranslation();
  const flagText = useCallFlagText();
  const [open, setOpen] = useState(false);
  const flagName = (flag: string | null) => (flag ? flagText(flag) : t('staff.repHome.noVisit'));
  const mapped = pharmacies.filter((p) => p.lat !== null && p.lng !== null);
  const unmapped = pharmacies.length - mapped.length;
  const points = useMemo(
    () =>
      open
        ? pharmacies.flatMap((p) =>
            p.lat !== null && p.lng !== null
              ? [
                  {
                    id: p.id,
                    lat: p.lat,
                    lng: p.lng,
                    title: `${p.pharmacyName} · ${p.currentCallFlag ? flagText(p.currentCallFlag) : t('staff.repHome.noVisit')}`,
                    colour: flagColour(p.currentCallFlag),
                  },
                ]
              : [],
          )
        : [],
    [open, pharmacies, t, flagText],
  );
  const counts = new Map<string | null, number>();
  for (const p of mapped) counts.set(p.currentCallFlag, (counts.get(p.currentCallFlag) ?? 0) + 1);
  const legend = [...PIPELINE_ORDER, ...[...counts.keys()].filter((flag) => !PIPELINE_ORDER.includes(flag as never))].filter((flag) => counts.has(flag));

  return (
    <details className="rep-map" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="rep-map__summary">{t('repToday.map.show')}</summary>
      {open ? (
        mapped.length === 0 ? (
          <p className="pc-body">{t('repToday.map.none')}</p>
        ) : (
          <>
            <ItalyMap points={points} label={t('repToday.map.label')} />
            <ul className="rep-map__legend" aria-label={t('repToday.map.legend')}>
              {legend.map((flag) => (
                <li key={flag ?? 'none'}>
                  <span className="rep-map__swatch" style={{ background: flagColour(flag) }} aria-hidden="true" />
                  {t('repToday.map.legendItem', { flag: flagName(flag), count: counts.get(flag) ?? 0 })}
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
      {open && unmapped > 0 ? <p className="pc-body rep-map__unmapped">{t('repToday.map.unmapped', { count: unmapped })}</p> : null}
    </details>
  );
}

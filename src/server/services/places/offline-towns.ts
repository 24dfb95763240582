// Towns the offline demo provider recognises in a typed address, with their centres (rounded).
// Names in the market's language and in English, since applicants may write either.
import type { Country } from '#shared/markets.ts';

export interface OfflineTown {
  names: readonly string[];
  lat: number;
  lng: number;
}

/** A market with none here places every address at its map centre (its entry's). */
export const OFFLINE_TOWNS: Partial<Record<Country, readonly OfflineTown[]>> = {
  uk: [
    { names: ['London'], lat: 51.5074, lng: -0.1278 },
    { names: ['Liverpool'], lat: 53.4084, lng: -2.9916 },
    { names: ['Manchester'], lat: 53.4808, lng: -2.2426 },
    { names: ['Birmingham'], lat: 52.4862, lng: -1.8904 },
    { names: ['Leeds'], lat: 53.8008, lng: -1.5491 },
    { names: ['Sheffield'], lat: 53.3811, lng: -1.4701 },
    { names: ['Bristol'], lat: 51.4545, lng: -2.5879 },
    { names: ['Newcastle upon Tyne', 'Newcastle'], lat: 54.9783, lng: -1.6178 },
    { names: ['Nottingham'], lat: 52.9548, lng: -1.1581 },
    { names: ['Leicester'], lat: 52.6369, lng: -1.1398 },
    { names: ['Glasgow'], lat: 55.8642, lng: -4.2518 },
    { names: ['Edinburgh'], lat: 55.9533, lng: -3.1883 },
    { names: ['Cardiff'], lat: 51.4816, lng: -3.1791 },
    { names: ['Belfast'], lat: 54.5973, lng: -5.9301 },
  ],
  it: [
    { names: ['Roma', 'Rome'], lat: 41.9028, lng: 12.4964 },
    { names: ['Milano', 'Milan'], lat: 45.4642, lng: 9.19 },
    { names: ['Napoli', 'Naples'], lat: 40.8518, lng: 14.2681 },
    { names: ['Torino', 'Turin'], lat: 45.0703, lng: 7.6869 },
    { names: ['Palermo'], lat: 38.1157, lng: 13.3615 },
    { names: ['Genova', 'Genoa'], lat: 44.4056, lng: 8.9463 },
    { names: ['Bologna'], lat: 44.4949, lng: 11.3426 },
    { names: ['Firenze', 'Florence'], lat: 43.7696, lng: 11.2558 },
    { names: ['Bari'], lat: 41.1171, lng: 16.8719 },
    { names: ['Venezia', 'Venice'], lat: 45.4408, lng: 12.3155 },
    { names: ['Verona'], lat: 45.4384, lng: 10.9916 },
    { names: ['Catania'], lat: 37.5079, lng: 15.083 },
  ],
  de: [
    { names: ['Berlin'], lat: 52.52, lng: 13.405 },
    { names: ['Hamburg'], lat: 53.5511, lng: 9.9937 },
    { names: ['München', 'Munich'], lat: 48.1351, lng: 11.582 },
    { names: ['Köln', 'Cologne'], lat: 50.9375, lng: 6.9603 },
    { names: ['Frankfurt am Main', 'Frankfurt'], lat: 50.1109, lng: 8.6821 },
    { names: ['Stuttgart'], lat: 48.7758, lng: 9.1829 },
    { names: ['Düsseldorf'], lat: 51.2277, lng: 6.7735 },
    { names: ['Leipzig'], lat: 51.3397, lng: 12.3731 },
    { names: ['Dortmund'], lat: 51.5136, lng: 7.4653 },
    { names: ['Essen'], lat: 51.4556, lng: 7.0116 },
    { names: ['Bremen'], lat: 53.0793, lng: 8.8017 },
    { names: ['Dresden'], lat: 51.0504, lng: 13.7373 },
    { names: ['Hannover', 'Hanover'], lat: 52.3759, lng: 9.732 },
    { names: ['Nürnberg', 'Nuremberg'], lat: 49.4521, lng: 11.0767 },
  ],
};

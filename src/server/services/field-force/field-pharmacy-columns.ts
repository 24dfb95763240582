// The field-force forms' answers that `field_pharmacies` keeps in columns of their own (the place,
// the rep, the oncology status, the latest visit's flag and month); every other answer of those
// forms is kept in its `answers` and written to the CSV after the columns.
export const COLUMN_FIELDS: ReadonlySet<string> = new Set(['whereYouWork', 'address', 'city', 'prov', 'region', 'placeId', 'lat', 'lng', 'salesRep', 'oncStatus', 'callFlag', 'month']);

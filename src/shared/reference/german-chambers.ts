// The German chambers of pharmacists (Landesapothekerkammern), offered as registration
// bodies on the German forms (spec §5, §9). The spec says "16 chambers"; there are 17,
// because North Rhine-Westphalia has two (Nordrhein and Westfalen-Lippe): see
// docs/decisions/0002-seventeen-german-chambers.md. Names are official proper nouns and
// are not translated; the name is also the stored bodyOfRegistration value.

export const GERMAN_CHAMBERS = [
  { id: 'baden-wuerttemberg', name: 'Landesapothekerkammer Baden-Württemberg' },
  { id: 'bayern', name: 'Bayerische Landesapothekerkammer' },
  { id: 'berlin', name: 'Apothekerkammer Berlin' },
  { id: 'brandenburg', name: 'Landesapothekerkammer Brandenburg' },
  { id: 'bremen', name: 'Apothekerkammer Bremen' },
  { id: 'hamburg', name: 'Apothekerkammer Hamburg' },
  { id: 'hessen', name: 'Landesapothekerkammer Hessen' },
  { id: 'mecklenburg-vorpommern', name: 'Apothekerkammer Mecklenburg-Vorpommern' },
  { id: 'niedersachsen', name: 'Apothekerkammer Niedersachsen' },
  { id: 'nordrhein', name: 'Apothekerkammer Nordrhein' },
  { id: 'westfalen-lippe', name: 'Apothekerkammer Westfalen-Lippe' },
  { id: 'rheinland-pfalz', name: 'Landesapothekerkammer Rheinland-Pfalz' },
  { id: 'saarland', name: 'Apothekerkammer des Saarlandes' },
  { id: 'sachsen', name: 'Sächsische Landesapothekerkammer' },
  { id: 'sachsen-anhalt', name: 'Apothekerkammer Sachsen-Anhalt' },
  { id: 'schleswig-holstein', name: 'Apothekerkammer Schleswig-Holstein' },
  { id: 'thueringen', name: 'Landesapothekerkammer Thüringen' },
] as const;

type GermanChamber = (typeof GERMAN_CHAMBERS)[number];
export type GermanChamberName = GermanChamber['name'];

/** The chambers' names in display order (the German registration-body options). */
export const GERMAN_CHAMBER_NAMES: readonly GermanChamberName[] = GERMAN_CHAMBERS.map((chamber) => chamber.name);

export function isGermanChamberName(value: unknown): value is GermanChamberName {
  return typeof value === 'string' && (GERMAN_CHAMBER_NAMES as readonly string[]).includes(value);
}

// Oncology status of a pharmacy (oncStatus, spec §4, §9): optional on the area-manager and
// rep forms. Values are what the API stores; labels live in the i18n files.

export const ONCOLOGY_STATUSES = ['not_registered', 'registered', 'on_going', 'completed'] as const;
export type OncologyStatus = (typeof ONCOLOGY_STATUSES)[number];

/** i18n key of a status label. */
export function oncologyStatusKey<S extends OncologyStatus>(status: S): `oncStatus.${S}` {
  return `oncStatus.${status}`;
}

/** The wording of spec §4 (Not Registered, Registered, On Going, Completed), for reading old data. */
export const ONCOLOGY_STATUS_SPEC_WORDING: Record<OncologyStatus, string> = {
  not_registered: 'Not Registered',
  registered: 'Registered',
  on_going: 'On Going',
  completed: 'Completed',
};

export function isOncologyStatus(value: unknown): value is OncologyStatus {
  return typeof value === 'string' && (ONCOLOGY_STATUSES as readonly string[]).includes(value);
}

/** A stored value, or the spec wording in any case ('On Going', 'on going'); undefined otherwise. */
export function parseOncologyStatus(value: unknown): OncologyStatus | undefined {
  if (typeof value !== 'string') return undefined;
  const normalised = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return isOncologyStatus(normalised) ? normalised : undefined;
}

// The rep's call flag on a pharmacy (callFlag, spec §2, §4). No transition rules are known.

export const CALL_FLAGS = ['appointment_scheduled', 'not_interested', 'interested_but_requires_another_visit', 'joined_unify', 'post_joining_unify'] as const;
export type CallFlag = (typeof CALL_FLAGS)[number];

/** The flag that opens the extra fields of the rep pharmacy-update form. */
export const CALL_FLAG_JOINED_UNIFY = 'joined_unify' satisfies CallFlag;

export function isCallFlag(value: unknown): value is CallFlag {
  return typeof value === 'string' && (CALL_FLAGS as readonly string[]).includes(value);
}

/**
 * A stored flag as the area-manager view shows it: underscores as spaces, each word
 * capitalised ('joined_unify' -> 'Joined Unify'). Takes any string, since the current
 * flag comes from the API.
 */
export function callFlagLabel(flag: string): string {
  return flag
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** i18n key of a flag's label in the rep form's choice list. */
export function callFlagKey<F extends CallFlag>(flag: F): `callFlag.${F}` {
  return `callFlag.${flag}`;
}

// Choice lists of the registration forms (spec §3, §9). Labels live in the i18n files,
// under the keys named here; the values are what the API stores.

/** The registration bodies of the UK's and Italy's forms (reference/registration-bodies.ts lists them by market). */
export const REGISTRATION_BODY_UK = 'UK (GPhC)';
export const REGISTRATION_BODY_IT = 'Italia (AIFA)';

/** "How did you hear about us" (whereDidYouFindOutAboutUs). i18n: howHeard.<value> */
export const HOW_HEARD_OPTIONS = ['email', 'social_media', 'numark_member', 'accord_representative', 'colleague', 'other'] as const;

/** Programme-source radios (howDidYouFindAboutTheProgram); anything else is the Other free text. i18n: programmeSource.<value> */
export const PROGRAMME_SOURCE_OPTIONS = ['MY EMPLOYER', 'SOCIAL MEDIA', 'RECOMMENDATION', 'WORD OF MOUTH'] as const;
export type ProgrammeSource = (typeof PROGRAMME_SOURCE_OPTIONS)[number];

/** UK training answer in the form: yes1 other training (notes required), yes2 completed the course, no. */
export const UK_TRAINING_ANSWERS = ['yes1', 'yes2', 'no'] as const;
export type UkTrainingAnswer = (typeof UK_TRAINING_ANSWERS)[number];

/** The ten charter commitments, numbered 1-10 in order. i18n: charter.<n>; icons: web/components/charter-icons. */
export const CHARTER_COMMITMENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The five mandatory confirmations of the main forms. */
export const AGREEMENT_FIELDS = ['agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5'] as const;

/**
 * The short form's three confirmations as it sends them (spec §3: 'check1..3 in the short form'),
 * and the names a field pharmacy keeps and exports them under: the main forms' first three, so the
 * stored records and the CSV's columns stay as they were (decision 0022).
 */
export const SHORT_FORM_CHECKS = ['check1', 'check2', 'check3'] as const;
export const STORED_NAME_OF_CHECK: Readonly<Record<(typeof SHORT_FORM_CHECKS)[number], (typeof AGREEMENT_FIELDS)[number]>> = {
  check1: 'agreementCheck1',
  check2: 'agreementCheck2',
  check3: 'agreementCheck3',
};

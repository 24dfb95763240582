// Every section of every form: its fields with their rules (taken from src/shared/schemas, never
// restated), where hidden fields show their errors, which boxes gate submit, and when and how
// often the section applies.
import * as z from 'zod/mini';
import { AGREEMENT_FIELDS, SHORT_FORM_CHECKS, STORED_NAME_OF_CHECK, UK_TRAINING_ANSWERS } from '../reference/options.ts';
import { CALL_FLAG_JOINED_UNIFY } from '../reference/call-flags.ts';
import { ErrorKey, UuidSchema } from '../schemas/fields.ts';
import { commonFields, optional } from '../schemas/registration-common.ts';
import { italianFields } from '../schemas/registration-it.ts';
import { CertificateFileSchema, step1Fields, step2Fields, step3Fields } from '../schemas/registration-steps.ts';
import { ukFields } from '../schemas/registration-uk.ts';
import {
  CallFlagSchema,
  CitySchema,
  MonthSchema,
  NextVisitSchema,
  OncologyStatusSchema,
  PivaSchema,
  VisitNoteSchema,
  ProvinceSchema,
  RegionSchema,
} from '../schemas/field-force.ts';
import { ApplicantLinkRequestSchema } from '../schemas/applicant-links.ts';
import { FieldConfirmationTokenSchema } from '../schemas/field-confirmation.ts';
import { StaffLanguageSchema } from '../schemas/staff.ts';
import { ReviewerMarketsSchema } from '../schemas/reviewer-markets.ts';
import { IssueApiKeySchema } from '../schemas/api-clients.ts';
import { provincesOf } from '../reference/italy.ts';
import type { Answers, FieldErrors, SectionDef } from './model.ts';

const PLACE_ERROR_AT = { lat: 'placeId', lng: 'placeId', address: 'placeId' } as const;
const pick = <K extends keyof typeof commonFields>(...names: K[]) => Object.fromEntries(names.map((n) => [n, commonFields[n]])) as Pick<typeof commonFields, K>;

/** Spec §5: the province must be one of the chosen region's (checked in the browser and on the server). */
export function provinceOutsideRegion(answers: Answers): FieldErrors {
  const { region, prov } = answers;
  if (typeof region !== 'string' || typeof prov !== 'string' || !region || !prov) return {};
  return provincesOf(region).some((p) => p.code === prov) ? {} : { prov: ErrorKey.choose };
}

const joinedUnify = (answers: Answers) => answers.callFlag === CALL_FLAG_JOINED_UNIFY;
const EXTRA_PHARMACISTS = { from: 2, max: 10 } as const;

/**
 * Every pharmacist a visit records has an e-mail of their own (issue 39 item 7): each is sent their
 * own link, and their data rights follow that mailbox. The second of two equal addresses is refused.
 */
export function repeatedPharmacistEmails(answers: Answers): FieldErrors {
  const seen = new Set<string>();
  const errors: FieldErrors = {};
  for (let n = 1; n <= EXTRA_PHARMACISTS.max; n++) {
    const name = n === 1 ? 'email' : `email${n}`;
    const address = String(answers[name] ?? '')
      .trim()
      .toLowerCase();
    if (address && seen.has(address)) errors[name] = ErrorKey.emailRepeated;
    seen.add(address);
  }
  return errors;
}

const THREE_CONFIRMATIONS = AGREEMENT_FIELDS.slice(0, 3);
/** The staff forms' three statements under the short form's names (check1..3), ticked like the main forms' boxes. */
const shortFormChecks = Object.fromEntries(SHORT_FORM_CHECKS.map((name) => [name, commonFields[STORED_NAME_OF_CHECK[name]]]));
/** A visit queued offline by a page from before check1..3 still sends agreementCheck1..3. */
const CHECKS_FORMERLY = Object.fromEntries(SHORT_FORM_CHECKS.map((name) => [name, STORED_NAME_OF_CHECK[name]]));
const staffStatements = {
  texts: 'staff',
  fields: shortFormChecks,
  formerNames: CHECKS_FORMERLY,
  boxes: SHORT_FORM_CHECKS,
  gatesSubmit: SHORT_FORM_CHECKS,
} as const;

/** The shorter Italian form (spec §2 screen 3), which is also the rep form's joined_unify part (DESIGN §5). */
const shortItalianFields = {
  ...pick('photo', 'photoId', 'services'),
  haveYouCompleted: italianFields.haveYouCompleted,
  ...pick('email', 'firstName', 'lastName'),
  bodyOfRegistration: italianFields.bodyOfRegistration,
  ...pick('professionalRegistrationNumber', 'anythingElseAboutYou'),
};

export const SECTIONS = {
  // ---- applicant forms -------------------------------------------------------------------
  contact: { texts: 'form', fields: pick('email', 'firstName', 'lastName') },
  'registration-number': { texts: 'form', fields: pick('professionalRegistrationNumber') },
  'italian-body': { texts: 'italy', fields: { bodyOfRegistration: italianFields.bodyOfRegistration } },
  locum: { texts: 'form', fields: { areYouLocum: ukFields.areYouLocum } },
  'how-heard': { texts: 'form', fields: { whereDidYouFindOutAboutUs: ukFields.whereDidYouFindOutAboutUs } },
  photo: { texts: 'form', fields: pick('photo', 'photoId'), errorAt: { photoId: 'photo' } },
  pharmacy: { texts: 'form', fields: pick('placeId', 'lat', 'lng', 'address', 'whereYouWork'), errorAt: PLACE_ERROR_AT },
  services: { texts: 'steps', fields: pick('services') },
  /** The UK page does not ask for services, but its payload may carry them. */
  'unasked-services': { texts: 'form', fields: pick('services'), hidden: ['services'] },
  'google-profile': { texts: 'form', fields: pick('isChecked'), boxes: ['isChecked'], gatesSubmit: ['isChecked'] },
  'uk-training': {
    texts: 'form',
    fields: { haveYouCompleted: ukFields.haveYouCompleted, additionalTrainingNotes: ukFields.additionalTrainingNotes },
    formFields: { haveYouCompleted: z.enum(UK_TRAINING_ANSWERS, { error: ErrorKey.choose }) },
    check: (a): Record<string, string> =>
      a.haveYouCompleted === 'yes1' && !a.additionalTrainingNotes ? { additionalTrainingNotes: ErrorKey.trainingNotes } : {},
  },
  oncodemia: { texts: 'italy', fields: { haveYouCompleted: italianFields.haveYouCompleted } },
  'about-you': { texts: 'form', fields: pick('anythingElseAboutYou') },
  'unasked-about-you': { texts: 'form', fields: pick('anythingElseAboutYou'), hidden: ['anythingElseAboutYou'] },
  'confirmations-5': { texts: 'form', fields: pick(...AGREEMENT_FIELDS), boxes: AGREEMENT_FIELDS, gatesSubmit: AGREEMENT_FIELDS },
  /**
   * Read only (issue 25 item 6): "how patients will see you", the finder's listing card made from the
   * answers so far (#shared/listing.ts listingCardOf, as the finder's answers are), above Submit.
   */
  'listing-preview': { texts: 'form', fields: {} },
  'bot-check': { texts: 'form', role: 'transport', fields: pick('recaptchaToken'), honeypot: 'website' },
  /** Set by the page, not typed: market, language and the edit token. */
  market: {
    texts: 'form',
    role: 'transport',
    fields: pick('appStoreCountry', 'formLanguage', 'loginToken'),
    hidden: ['appStoreCountry', 'formLanguage', 'loginToken'],
  },

  // ---- the three-step form ---------------------------------------------------------------
  'steps-training': { texts: 'steps', fields: { haveYouCompleted: step1Fields.haveYouCompleted } },
  certificate: { texts: 'steps', fields: {}, formFields: { file: CertificateFileSchema }, files: ['file'] },
  'chamber-or-body': { texts: 'steps', fields: { bodyOfRegistration: step1Fields.bodyOfRegistration } },
  'google-profile-update': { texts: 'steps', fields: step2Fields, boxes: ['isChecked', 'willUpateGoogleMapsEntry'] },
  'check-answers': { texts: 'steps', fields: {} },
  'how-found': {
    texts: 'steps',
    fields: { howDidYouFindAboutTheProgram: step3Fields.howDidYouFindAboutTheProgram },
    requiredBeforeSubmit: { field: 'howDidYouFindAboutTheProgram', textKey: 'steps.missing.howFound' },
  },
  charter: { texts: 'steps', fields: {} },
  'confirmations-5-step3': {
    texts: 'steps',
    fields: Object.fromEntries(AGREEMENT_FIELDS.map((n) => [n, step3Fields[n]])),
    boxes: AGREEMENT_FIELDS,
    gatesSubmit: AGREEMENT_FIELDS,
  },

  // ---- field force -----------------------------------------------------------------------
  'rep-assignment': { texts: 'staff', fields: { salesRep: UuidSchema, oncStatus: OncologyStatusSchema } },
  'city-region-province': { texts: 'staff', fields: { city: CitySchema, region: RegionSchema, prov: ProvinceSchema }, check: provinceOutsideRegion },
  'short-italian': { texts: 'italy', fields: shortItalianFields, errorAt: { photoId: 'photo' } },
  /**
   * The area manager's and the rep's own statements (issue 23): the three boxes of screen 3, worded
   * as what the staff member did ('I have informed the pharmacist…'); the pharmacist gives the
   * first-person declarations through their own link ('confirmations-3').
   */
  'staff-statements': staffStatements,
  'pharmacy-ref': { texts: 'staff', role: 'ref', fields: { pharmacyId: UuidSchema }, hidden: ['pharmacyId'] },
  'call-outcome': { texts: 'staff', fields: { callFlag: CallFlagSchema, month: MonthSchema } },
  /** The call-history entry's own note and next-visit day (not kept on the pharmacy). */
  'visit-note': { texts: 'staff', fields: { note: VisitNoteSchema, nextVisit: NextVisitSchema } },
  /** Read only: the pharmacy's last visits, from the record the form opened (issue 24 item 3). */
  'visit-history': { texts: 'staff', fields: {} },
  place: { texts: 'form', fields: pick('placeId', 'lat', 'lng', 'address'), errorAt: PLACE_ERROR_AT },
  'joined-unify': {
    texts: 'italy',
    fields: { piva: PivaSchema, completionMonth: optional(MonthSchema), oncStatus: OncologyStatusSchema, ...shortItalianFields },
    errorAt: { photoId: 'photo' },
    visibleWhen: joinedUnify,
  },
  /** Each extra pharmacist's own e-mail is required: they confirm for themselves, as the first one does (issue 39 item 7). */
  'extra-pharmacists': {
    texts: 'italy',
    fields: {
      ...pick('firstName', 'lastName', 'email'),
      bodyOfRegistration: italianFields.bodyOfRegistration,
      ...pick('professionalRegistrationNumber', 'anythingElseAboutYou'),
    },
    repeat: EXTRA_PHARMACISTS,
    visibleWhen: joinedUnify,
    check: repeatedPharmacistEmails,
  },
  'staff-statements-if-joined': { ...staffStatements, visibleWhen: joinedUnify },
  'staff-person': { texts: 'staff', fields: pick('email', 'firstName', 'lastName') },
  // ---- a field-signed pharmacist's own confirmation (issue 23) ------------------------------
  'field-confirmation-intro': { texts: 'italy', fields: {} },
  /** What the rep or area manager recorded about the pharmacist, bar the address their link was sent to. */
  'field-pharmacist': { texts: 'italy', fields: (({ email: _email, ...rest }) => rest)(shortItalianFields), errorAt: { photoId: 'photo' } },
  /** The pharmacist's first-person declarations and consent to publication (screen 3's three boxes). */
  'confirmations-3': { texts: 'italy', fields: pick(...THREE_CONFIRMATIONS), boxes: THREE_CONFIRMATIONS, gatesSubmit: THREE_CONFIRMATIONS },
  'confirmation-token': { texts: 'italy', role: 'transport', fields: { token: FieldConfirmationTokenSchema }, hidden: ['token'] },
  'area-manager-ref': { texts: 'staff', role: 'ref', fields: { areaManagerId: UuidSchema }, hidden: ['areaManagerId'] },
  // ---- "e-mail me a link": a link to update an application, a link to one's data ---------
  'link-intro': { texts: 'myData', fields: {} },
  'link-email': { texts: 'myData', fields: pick('email') },
  'link-base-path': { texts: 'myData', role: 'transport', fields: { basePath: ApplicantLinkRequestSchema.shape.basePath }, hidden: ['basePath'] },
  /** The language of a new reviewer's e-mails (issue 25 item 7). */
  'staff-language': { texts: 'staff', fields: { language: StaffLanguageSchema } },
  /** The markets a reviewer reviews (issue 41 item 2): none ticked is every market. */
  'reviewer-markets': { texts: 'staff', fields: { markets: ReviewerMarketsSchema } },
  'reviewer-ref': { texts: 'staff', role: 'ref', fields: { reviewerId: UuidSchema }, hidden: ['reviewerId'] },
  /** An API key's client app: the name it is known by and its quota per minute (issue 38 item 5). */
  'api-client': { texts: 'apiKeys', fields: IssueApiKeySchema.shape },
  'staff-market': { texts: 'staff', role: 'transport', fields: pick('appStoreCountry', 'formLanguage'), hidden: ['appStoreCountry', 'formLanguage'] },
} satisfies Record<string, SectionDef>;

export type SectionId = keyof typeof SECTIONS;

export function sectionOf(id: string): SectionDef {
  const section = (SECTIONS as Record<string, SectionDef>)[id];
  if (!section) throw new Error(`unknown form section ${id}`);
  return section;
}

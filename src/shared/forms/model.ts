// The shape of a form as data (docs/decisions/0007-forms-as-data.md): a form is steps of
// sections, a section is fields with their rules (from schemas/, never restated) plus where
// their errors show, which boxes gate submit, when the section applies and how often it repeats.
import type * as z from 'zod/mini';
import type { Country, Language } from '../markets.ts';

export type FieldRule = z.core.$ZodType;
export type Answers = Record<string, unknown>;
/** Field-level errors as the API answers them: `{ field: i18nKey }`. */
export type FieldErrors = Record<string, string>;

/**
 * What a section's fields are to the product: `answer` (the default) is what a person answered,
 * kept with the record and between visits; `transport` travels with the submit only (the market
 * and language, the bot check, the edit token, the honeypot, the page's path); `ref` names the
 * record the form works on (a pharmacy, an area manager), set by the page from its route.
 */
type SectionRole = 'answer' | 'transport' | 'ref';

export interface SectionDef {
  /** Payload fields in page order, each with its rule. */
  fields: Record<string, FieldRule>;
  /**
   * i18n namespace of the section's labels and summary names. 'staff.person' words the forms that
   * add a staff member (their e-mail is where they sign in, not where a decision goes).
   */
  texts: 'form' | 'italy' | 'italy.fieldConfirmation' | 'steps' | 'staff' | 'staff.person' | 'myData' | 'apiKeys';
  /** 'answer' when absent. */
  role?: SectionRole;
  /** A field's earlier name, still read from a payload that lacks the field: `{ check1: 'agreementCheck1' }`. */
  formerNames?: Record<string, string>;
  /** Fields no input shows, whose error is shown at another field: `{ lat: 'placeId' }`. */
  errorAt?: Record<string, string>;
  /** Fields that travel in the payload but that no input of this section shows (no error target). */
  hidden?: readonly string[];
  /** Tick boxes: empty value `false`. */
  boxes?: readonly string[];
  /** Tick boxes that keep Submit disabled until ticked (spec §4). */
  gatesSubmit?: readonly string[];
  /** File inputs: empty value `null`, not part of the JSON payload schema (checked by content on the server). */
  files?: readonly string[];
  /** The browser's rule where it differs from the payload's (the UK's yes1/yes2/no before mapping). */
  formFields?: Record<string, FieldRule>;
  /** Cross-field rules of the section: the errors of `answers`, by field. */
  check?: (answers: Answers) => FieldErrors;
  /**
   * A field this section renders that people never see or fill in and simple bots do: sent with the
   * submit as it is, in no schema and never kept (the server refuses a filled one, routes/registration.ts).
   */
  honeypot?: string;
  /** An answer the last step needs before Submit, beside the boxes, and the i18n key that says so (step 3's programme source). */
  requiredBeforeSubmit?: { field: string; textKey: string };
  /** The section is shown and validated only when this holds; otherwise its fields are dropped. */
  visibleWhen?: (answers: Answers) => boolean;
  /** Numbered blocks: fields `firstName2`, `firstName3`, … up to `max`, each block optional. */
  repeat?: { from: number; max: number };
}

type SectionId = string;

/** Values set by the page rather than typed: the market, the language and the edit token. */
export interface FormContext {
  country: Country;
  language: Language;
  loginToken?: string;
  /** The market's path prefix the page runs under (links e-mailed from a form keep it). */
  basePath?: string;
}

export interface FormDef {
  id: string;
  /** One step = one page, listing section ids in page order. */
  steps: readonly (readonly SectionId[])[];
  /** Sections on no page whose fields travel in the payload (market, language, edit token). */
  carried?: readonly SectionId[];
  /** i18n namespace of the form's own wording, tried before its sections' and the shared 'form' one. */
  texts: SectionDef['texts'];
  /** The page heading of a one-step form (a form of several steps has `<texts>.headings.<step>`). */
  titleKey: string;
  /** The endpoint, named once per entry by its path (to be swapped for src/shared/api's contract). */
  submit: { path: string; method: 'POST' | 'PUT'; encoding: 'json' | 'multipart' };
  /** Form values -> payload (spec §4 mappings), before the payload schema applies. */
  toPayload?: (values: Answers) => Answers;
  /** A stored record's values where the form asks them differently (the UK's yes1/yes2/no). */
  fromRecord?: (record: Answers) => Answers;
  /** Where a stored record comes from, and which query parameter names it. */
  prefill?: { param: 'pharmacistId' | 'pharmacyId' | 'token' | 'reviewerId'; from: string };
  /** Answers kept in the browser between steps and visits (and draft links). */
  keepAnswers: boolean;
  /**
   * The message (i18n key) when the server says the e-mail is taken, where it is not an applicant's
   * own ('already registered', with the offer of an update link): a form that adds a staff member.
   */
  emailTakenKey?: string;
  /**
   * The kept answers' store, shared by every entry that names the same one in a market (the
   * applicant forms: a language switch to another variant keeps the answers); the entry's own otherwise.
   */
  sharedStore?: string;
  /** Step 1 opens with the applicant's introduction (what the programme is, what we ask). */
  intro?: boolean;
  /** A form of several steps offers "continue on another device" (an e-mailed draft link). */
  drafts?: boolean;
  /** The prefilled record is the applicant's own application, opened by its edit link: the submit replaces it (loginToken). */
  editsApplication?: boolean;
  /** The kept answer without which a later step sends back to step 1 (spec §4: firstName, the default). */
  laterStepsNeed?: string;
  /** File rules applied by the server: the certificate, and the photo's allowed types. */
  files?: { certificate?: 'required' | 'unlessEditing'; photoTypes?: readonly string[] };
  /** Cross-field rules of the whole payload (the registration body against the market). */
  check?: (payload: Answers) => FieldErrors;
  /**
   * A submit made without a connection is kept in the browser and sent when it returns, once
   * (an Idempotency-Key the server honours); every submit carries that key.
   */
  queueOffline?: boolean;
  /** The submit button's i18n key, when not the applicant's 'Submit application'. */
  submitKey?: string;
  /** Where a successful submit goes. */
  done: '/thank-you' | '/areamanager/thank-you' | '/rep/thank-you' | '/areamanager/mainadmin' | '/admin/reviewers' | '/link-sent' | '/admin/api-keys';
  /**
   * The answer's data goes to the `done` page in the navigation's state, for it to show once and
   * clear (an issued API key, which exists nowhere else).
   */
  answerToDone?: boolean;
}

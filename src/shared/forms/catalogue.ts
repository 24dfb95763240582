// The catalogue: every form of the product as data (docs/decisions/0007-forms-as-data.md).
// Each endpoint is named here once per entry, by its path, until src/shared/api's contracts land.
import { resolveVariant, type Variant } from '../markets.ts';
import { italianFormToPayload } from '../schemas/registration-it.ts';
import { STEPS_PHOTO_MIME_TYPES } from '../schemas/registration-steps.ts';
import { ukFormToPayload, ukTrainingAnswerFromStored, type UkRegistrationFormValues } from '../schemas/registration-uk.ts';
import { isRegistrationBodyFor } from '../reference/registration-bodies.ts';
import { ErrorKey } from '../schemas/fields.ts';
import { fieldMonth } from '../field-clock.ts';
import type { Answers, FieldErrors, FormDef } from './model.ts';
import { provinceOutsideRegion, repeatedPharmacistEmails, type SectionId } from './sections.ts';
import { formIdFor } from './form-for.ts';

interface Entry extends FormDef {
  steps: readonly (readonly SectionId[])[];
  carried?: readonly SectionId[];
}

const SAVE_APPLICATION_JSON = { path: '/api/save-pharmacist', method: 'POST', encoding: 'json' } as const;
const SAVE_APPLICATION_MULTIPART = { path: '/api/save-pharmacist', method: 'POST', encoding: 'multipart' } as const;
const BY_PHARMACIST_ID = { param: 'pharmacistId', from: '/api/get-pharmacist' } as const;
/** What the applicant forms share: their kept answers, the introduction, draft links, and the edit link that opens them. */
const AN_APPLICATION = { keepAnswers: true, sharedStore: 'apply', intro: true, drafts: true, editsApplication: true } as const;
/** The three-step form's photo and the shorter Italian form's: JPEG or PNG only (spec §5, decision 0004). */
const JPEG_OR_PNG_PHOTO = { photoTypes: STEPS_PHOTO_MIME_TYPES } as const;

export const FORMS = {
  'apply-uk': {
    id: 'apply-uk',
    texts: 'form',
    titleKey: 'form.heading',
    steps: [
      [
        'contact',
        'registration-number',
        'locum',
        'how-heard',
        'photo',
        'pharmacy',
        'google-profile',
        'uk-training',
        'about-you',
        'confirmations-5',
        'listing-preview',
        'bot-check',
      ],
    ],
    carried: ['unasked-services', 'market'],
    toPayload: (values) => ukFormToPayload(values as UkRegistrationFormValues),
    fromRecord: (record) => ({ haveYouCompleted: ukTrainingAnswerFromStored(record.haveYouCompleted, record.additionalTrainingNotes) }),
    prefill: BY_PHARMACIST_ID,
    ...AN_APPLICATION,
    submit: SAVE_APPLICATION_JSON,
    done: '/thank-you',
  },
  'apply-it': {
    id: 'apply-it',
    texts: 'italy',
    titleKey: 'italy.heading',
    steps: [
      [
        'contact',
        'italian-body',
        'registration-number',
        'locum',
        'how-heard',
        'photo',
        'pharmacy',
        'services',
        'google-profile',
        'oncodemia',
        'about-you',
        'confirmations-5',
        'listing-preview',
        'bot-check',
      ],
    ],
    carried: ['market'],
    toPayload: italianFormToPayload,
    prefill: BY_PHARMACIST_ID,
    ...AN_APPLICATION,
    submit: SAVE_APPLICATION_JSON,
    done: '/thank-you',
  },
  'apply-steps': {
    id: 'apply-steps',
    texts: 'steps',
    titleKey: 'steps.title',
    steps: [
      ['steps-training', 'certificate', 'photo', 'pharmacy', 'services', 'contact', 'chamber-or-body', 'registration-number'],
      ['google-profile-update'],
      ['check-answers', 'how-found', 'charter', 'confirmations-5-step3', 'listing-preview', 'bot-check'],
    ],
    carried: ['unasked-about-you', 'market'],
    check: (payload: Answers): FieldErrors =>
      isRegistrationBodyFor(payload.appStoreCountry as never, payload.bodyOfRegistration as string) ? {} : { bodyOfRegistration: ErrorKey.choose },
    prefill: BY_PHARMACIST_ID,
    ...AN_APPLICATION,
    files: { certificate: 'unlessEditing', ...JPEG_OR_PNG_PHOTO },
    submit: SAVE_APPLICATION_MULTIPART,
    done: '/thank-you',
  },
  /** Spec §2 screen 7 then screen 3, sent together (DESIGN §5). */
  'areamanager-pharmacy': {
    id: 'areamanager-pharmacy',
    texts: 'staff',
    titleKey: 'staff.areaManagerPharmacy.title',
    submitKey: 'staff.areaManagerPharmacy.submit',
    steps: [
      ['rep-assignment', 'pharmacy', 'city-region-province'],
      ['short-italian', 'staff-statements', 'bot-check'],
    ],
    carried: ['area-manager-ref', 'staff-market'],
    check: provinceOutsideRegion,
    keepAnswers: true,
    laterStepsNeed: 'whereYouWork',
    files: JPEG_OR_PNG_PHOTO,
    submit: { path: '/api/areamanager-create-pharmacy', method: 'POST', encoding: 'json' },
    done: '/areamanager/thank-you',
  },
  /** /areamanager/pharmacy/edit/{id}: screen 7's details and the rep, of a pharmacy already added. */
  'areamanager-pharmacy-edit': {
    id: 'areamanager-pharmacy-edit',
    texts: 'staff',
    titleKey: 'staff.areaManagerPharmacyEdit.title',
    submitKey: 'staff.areaManagerPharmacyEdit.submit',
    steps: [['rep-assignment', 'pharmacy', 'city-region-province']],
    carried: ['pharmacy-ref'],
    check: provinceOutsideRegion,
    keepAnswers: false,
    submit: { path: '/api/areamanager-update-pharmacy', method: 'PUT', encoding: 'json' },
    done: '/areamanager/thank-you',
  },
  /** Spec §2 screen 12: the joined_unify part and the extra pharmacists only when callFlag is joined_unify. */
  'rep-visit': {
    id: 'rep-visit',
    texts: 'staff',
    titleKey: 'staff.repVisit.title',
    steps: [['visit-history', 'call-outcome', 'visit-note', 'place', 'joined-unify', 'extra-pharmacists', 'staff-statements-if-joined']],
    carried: ['pharmacy-ref'],
    check: repeatedPharmacistEmails,
    queueOffline: true,
    submitKey: 'staff.repVisit.submit',
    prefill: { param: 'pharmacyId', from: '/api/rep-get-pharmacy' },
    // A visit is recorded in the month it happens (Rome time), whatever the month of the visit before.
    fromRecord: () => ({ month: String(fieldMonth()) }),
    keepAnswers: false,
    files: JPEG_OR_PNG_PHOTO,
    submit: { path: '/api/rep-update-pharmacy', method: 'PUT', encoding: 'json' },
    done: '/rep/thank-you',
  },
  /**
   * A field-signed pharmacist's own page (issue 23), opened from the link they were e-mailed: what
   * the rep or area manager recorded, to correct, then their declarations and the bot check.
   */
  'field-confirmation': {
    id: 'field-confirmation',
    // Its own wording first (the last section's heading is a confirmation's, not an application's), then the sections'.
    texts: 'italy.fieldConfirmation',
    titleKey: 'italy.fieldConfirmation.title',
    submitKey: 'italy.fieldConfirmation.submit',
    steps: [['field-confirmation-intro', 'field-pharmacist', 'confirmations-3', 'bot-check']],
    carried: ['confirmation-token'],
    prefill: { param: 'token', from: '/api/field-confirmation' },
    keepAnswers: false,
    files: JPEG_OR_PNG_PHOTO,
    submit: { path: '/api/field-confirmation', method: 'POST', encoding: 'json' },
    done: '/thank-you',
  },
  /** Spec §2 screen 11. */
  'add-rep': {
    id: 'add-rep',
    texts: 'staff.person',
    emailTakenKey: 'staff.person.emailTaken',
    titleKey: 'staff.addRep.title',
    submitKey: 'staff.addRep.submit',
    steps: [['staff-person']],
    carried: ['area-manager-ref', 'staff-market'],
    keepAnswers: false,
    submit: { path: '/api/areamanager-add-rep', method: 'POST', encoding: 'json' },
    done: '/areamanager/thank-you',
  },
  'add-area-manager': {
    id: 'add-area-manager',
    texts: 'staff.person',
    emailTakenKey: 'staff.person.emailTaken',
    titleKey: 'staff.addAreaManager.title',
    submitKey: 'staff.addAreaManager.submit',
    steps: [['staff-person']],
    keepAnswers: false,
    submit: { path: '/api/mainadmin-add-areamanager', method: 'POST', encoding: 'json' },
    done: '/areamanager/mainadmin',
  },
  /** The main admin adds a reviewer (issue 13); the list of reviewers is its own page. */
  'add-reviewer': {
    id: 'add-reviewer',
    texts: 'staff.person',
    emailTakenKey: 'staff.person.emailTaken',
    titleKey: 'review.addReviewer.title',
    submitKey: 'review.addReviewer.submit',
    steps: [['staff-person', 'staff-language']],
    keepAnswers: false,
    submit: { path: '/api/review/reviewers', method: 'POST', encoding: 'json' },
    done: '/admin/reviewers',
  },
  /** The main admin sets the markets a reviewer reviews (issue 41 item 2, decision 0066). */
  'reviewer-markets': {
    id: 'reviewer-markets',
    texts: 'staff',
    titleKey: 'review.reviewerMarkets.title',
    submitKey: 'review.reviewerMarkets.submit',
    steps: [['reviewer-markets']],
    carried: ['reviewer-ref'],
    prefill: { param: 'reviewerId', from: '/api/review/reviewer-markets' },
    keepAnswers: false,
    submit: { path: '/api/review/reviewer-markets', method: 'PUT', encoding: 'json' },
    done: '/admin/reviewers',
  },
  /** The main admin issues an API key for a client app (issue 38 item 5, decision 0052); the list of keys shows it once. */
  'issue-api-key': {
    id: 'issue-api-key',
    texts: 'apiKeys',
    titleKey: 'apiKeys.issue.title',
    submitKey: 'apiKeys.issue.submit',
    steps: [['api-client']],
    keepAnswers: false,
    submit: { path: '/api/admin/api-clients', method: 'POST', encoding: 'json' },
    done: '/admin/api-keys',
    answerToDone: true,
  },
  /** "E-mail me a link to my data" (issue 13 item 6): the same answer whether or not the address is known. */
  'data-rights-request': {
    id: 'data-rights-request',
    texts: 'myData',
    titleKey: 'myData.titles.data-rights-request',
    steps: [['link-intro', 'link-email', 'bot-check']],
    carried: ['link-base-path'],
    keepAnswers: false,
    submit: { path: '/api/data-rights/request', method: 'POST', encoding: 'json' },
    done: '/link-sent',
  },
  /** "E-mail me a link to update my application" (issue 14): for an edit link that no longer works. */
  'update-link-request': {
    id: 'update-link-request',
    texts: 'myData',
    titleKey: 'myData.titles.update-link-request',
    steps: [['link-intro', 'link-email', 'bot-check']],
    carried: ['link-base-path'],
    keepAnswers: false,
    submit: { path: '/api/update-link', method: 'POST', encoding: 'json' },
    done: '/link-sent',
  },
} as const satisfies Record<string, Entry>;

export type FormId = keyof typeof FORMS;

/** The form a market and language are served (spec §2 "Variant choice"; the choice itself is ./form-for.ts). */
export const formFor = (variant: Variant): FormDef => FORMS[formIdFor(variant)];

/** The applicant form of a payload's own country and language. */
export const applicationFormFor = (country: Variant['country'], language: Variant['language']) => formFor(resolveVariant(country, language));

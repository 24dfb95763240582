// The endpoint of every form, derived from its catalogue entry (decision 0018): the entry names its
// path, method and encoding once, and its sections give the body's schema and type. Routes check
// bodies with `parseBody(FormApi[id].request)`; the form runner calls `FormApi[form.id]`. The
// dependency runs api -> forms, never back.
import type * as z from 'zod/mini';
import { FORMS, type FormId } from '../forms/catalogue.ts';
import { payloadSchema } from '../forms/derive.ts';
import type { FormDef } from '../forms/model.ts';
import type { SECTIONS, SectionId } from '../forms/sections.ts';
import type { Contract } from './contract.ts';
import type { IssuedApiKey } from '../schemas/api-clients.ts';
import type { RepVisitAnswer } from './staff-endpoints.ts';

type Entry<Id extends FormId> = (typeof FORMS)[Id];
type SectionsOf<E> = (E extends { steps: readonly (readonly (infer S)[])[] } ? S : never) | (E extends { carried: readonly (infer C)[] } ? C : never);
type FieldsOf<S extends SectionId> = { [K in keyof (typeof SECTIONS)[S]['fields']]: z.output<(typeof SECTIONS)[S]['fields'][K]> };
/** A section shown only when its condition holds (the joined_unify part) may be absent. */
type PayloadPart<S extends SectionId> = (typeof SECTIONS)[S] extends { visibleWhen: unknown } | { repeat: unknown } ? Partial<FieldsOf<S>> : FieldsOf<S>;
type Flat<T> = { [K in keyof T]: T[K] };
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** What a form's endpoint receives once its schema has run: every field of the entry's sections, with its checked type. */
export type PayloadOf<Id extends FormId> = Flat<Intersection<{ [S in SectionsOf<Entry<Id>> & SectionId]: PayloadPart<S> }[SectionsOf<Entry<Id>> & SectionId]>>;

/** An application saved: its id and the reference the applicant is given. */
type ApplicationSaved = { id: string; reference: string | null };

/** The data each form's endpoint answers with. */
interface FormAnswers {
  'apply-uk': ApplicationSaved;
  'apply-it': ApplicationSaved;
  'apply-steps': ApplicationSaved;
  'areamanager-pharmacy': { id: string };
  'areamanager-pharmacy-edit': { id: string };
  'rep-visit': RepVisitAnswer;
  'field-confirmation': ApplicationSaved;
  'add-rep': { id: string; areamanager: true };
  'add-area-manager': { id: string };
  'add-reviewer': { id: string };
  'reviewer-markets': undefined;
  'issue-api-key': IssuedApiKey;
  'data-rights-request': undefined;
  'update-link-request': undefined;
}

/** What a form's contract has beside the method, path and schema of any contract. */
interface FormEndpointParts {
  readonly encoding: 'json' | 'multipart';
  /** Where a stored record comes from (the entry's `prefill`): GET with `?id=`. */
  readonly prefill: Contract<{ id: string }, Record<string, unknown>, 'GET'> | null;
}

export interface FormContract<Id extends FormId> extends Contract<PayloadOf<Id>, FormAnswers[Id], Entry<Id>['submit']['method']>, FormEndpointParts {}

/**
 * The entries whose body is checked with a schema chosen by the body itself: an application is
 * validated as its market and language's form (routes/registration.ts `checkBody`), and may arrive
 * as multipart with the certificate. Their contract has no request schema.
 */
const CHOSEN_BY_BODY: ReadonlySet<string> = new Set(['/api/save-pharmacist']);

/** A form's contract when the page holds the form as a plain FormDef (the runner). */
export interface AnyFormContract extends Contract<Record<string, unknown>, unknown, 'POST' | 'PUT'>, FormEndpointParts {}

function contractOf(form: FormDef): AnyFormContract {
  return {
    method: form.submit.method,
    path: form.submit.path,
    encoding: form.submit.encoding,
    // Built on first use: a page that imports the contracts builds only the schemas it checks with.
    get request() {
      return CHOSEN_BY_BODY.has(form.submit.path) ? null : payloadSchema(form);
    },
    prefill: form.prefill ? { method: 'GET', path: form.prefill.from, request: null } : null,
  };
}

export const FormApi = Object.fromEntries(Object.entries(FORMS).map(([id, form]) => [id, contractOf(form)])) as unknown as {
  readonly [Id in FormId]: FormContract<Id>;
};

/** Spec §7: the rep's update may also be sent with POST, to the same route as the entry's PUT. */
export const repVisitByPost = { method: 'POST', path: FormApi['rep-visit'].path } as const;

/** The contract of a form the page holds as a plain FormDef. */
export const formContract = (form: FormDef): AnyFormContract => FormApi[form.id as FormId] as unknown as AnyFormContract;

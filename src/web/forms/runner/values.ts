// What the form runner computes without React: a new form's values, which kept answers it takes,
// what a submit sends, which values belong to a step, and the paths of the steps.
import { answersOf, emptyValues, honeypotOf, repeatNumbers, sectionsOf } from '#shared/forms/derive.ts';
import type { FormContext, FormDef } from '#shared/forms/model.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { registrationBodiesFor } from '#shared/reference/registration-bodies.ts';
import { routePath } from '#shared/routes.ts';

export type Values = Record<string, unknown>;

/** The i18n namespaces of a form's wording: its own, then its sections', then the shared one. */
export function textsOf(form: FormDef): string[] {
  // The shared 'form' wording last: a section worded by it (the place) must not hide another's (the Italian registration number).
  return [
    ...new Set([
      form.texts,
      ...sectionsOf(form)
        .map((s) => s.texts)
        .filter((texts) => texts !== 'form'),
      'form',
    ]),
  ];
}

/** A new form's values: empty answers (and honeypot), with the registration body preselected where the market has one only. */
export function startValues(form: FormDef, context: FormContext): Values {
  const honeypot = honeypotOf(form);
  const values: Values = { ...emptyValues(form, context), ...(honeypot ? { [honeypot]: '' } : {}) };
  const bodies = registrationBodiesFor(context.country);
  if ('bodyOfRegistration' in values && bodies.length === 1) values.bodyOfRegistration = bodies[0];
  return values;
}

/** Only answers of this form's fields are taken from the store (another variant may have kept others). */
export const withKept = (form: FormDef, values: Values, kept: Values): Values => ({ ...values, ...answersOf(form, kept) });

/** The answers a submit sends: fields of sections that do not apply (visibleWhen) and empty numbered blocks left out. */
export function applying(form: FormDef, values: Values): Values {
  const out = { ...values };
  for (const section of sectionsOf(form)) {
    const names = Object.keys(section.fields);
    const applies = !section.visibleWhen || section.visibleWhen(values);
    if (section.repeat) {
      const present = applies ? repeatNumbers(section, values) : [];
      for (let n = section.repeat.from; n <= section.repeat.max; n++) if (!present.includes(n)) for (const name of names) delete out[`${name}${n}`];
    } else if (!applies) {
      // A field another applying section asks for stays (the visit's oncStatus is asked twice).
      const askedElsewhere = new Set(
        sectionsOf(form)
          .filter((s) => s !== section && !s.repeat && (!s.visibleWhen || s.visibleWhen(values)))
          .flatMap((s) => Object.keys(s.fields)),
      );
      for (const name of names) if (!askedElsewhere.has(name)) delete out[name];
    }
  }
  return out;
}

/** Whether a value belongs to the step's fields (numbered blocks included): a step keeps only its own answers. */
export function stepFields(form: FormDef, step: number): (name: string) => boolean {
  const sections = [...sectionsOf(form, step), ...(form.carried ?? []).map(sectionOf)];
  const plain = new Set(sections.filter((s) => !s.repeat).flatMap((s) => [...Object.keys({ ...s.fields, ...s.formFields }), ...(s.files ?? [])]));
  const repeated = new Set(sections.filter((s) => s.repeat).flatMap((s) => Object.keys(s.fields)));
  return (name) => plain.has(name) || repeated.has(name.replace(/\d+$/, ''));
}

export const pickWhere = (values: Values, keep: (name: string) => boolean): Values => Object.fromEntries(Object.entries(values).filter(([name]) => keep(name)));

/** Spec §2, §4: the first step is always open; later steps need a stored first name (or the form's own first answer). */
export const mayVisit = (form: FormDef, step: number, answers: Values) => {
  const needed = answers[form.laterStepsNeed ?? 'firstName'];
  return step === 1 || (typeof needed === 'string' && needed.trim() !== '');
};

/** Query parameters kept on every step navigation (spec §2: pharmacistId; also lang and draft). */
const KEPT_PARAMS = ['pharmacistId', 'lang', 'draft'] as const;

/** '/form/{step}' with the kept query parameters of `search` (add a #fragment after useLocalPath). */
export function stepPath(step: number, search: string | URLSearchParams): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `${routePath('formStep', { step: String(step) })}${query ? `?${query}` : ''}`;
}

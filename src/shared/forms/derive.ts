// What a form entry implies, derived rather than written: field order, where errors show,
// submit gates, empty values and the schemas that validate a step (browser) or the payload (server).
import * as z from 'zod/mini';
import { ErrorKey } from '../schemas/fields.ts';
import type { Answers, FieldErrors, FieldRule, FormContext, FormDef, SectionDef } from './model.ts';
import { sectionOf } from './sections.ts';

const sectionsOn = (ids: readonly string[]) => ids.map(sectionOf);

/** Sections on `step` (1-based), or on every step and the carried ones when no step is given. */
export function sectionsOf(form: FormDef, step?: number): SectionDef[] {
  if (step !== undefined) return sectionsOn(form.steps[step - 1] ?? []);
  return sectionsOn([...form.steps.flat(), ...(form.carried ?? [])]);
}

const roleOf = (section: SectionDef) => section.role ?? 'answer';
/** A section's field names, the browser's own included; files are kept apart (IndexedDB, the files table). */
const valueNames = (section: SectionDef) => Object.keys({ ...section.fields, ...section.formFields }).filter((name) => !section.files?.includes(name));

/** The sections whose fields are what a person answered (model.ts SectionRole), in form order. */
export const answerSections = (form: FormDef): SectionDef[] => sectionsOf(form).filter((s) => roleOf(s) === 'answer');

/** The fields of the form's answer sections, repeated blocks by their base name. */
export function answerFields(form: FormDef): string[] {
  return [...new Set(answerSections(form).flatMap(valueNames))];
}

/** The fields that travel with a submit only: the market and language, the bot check, the edit token, the page's path. */
export function transportFields(form: FormDef): string[] {
  return [
    ...new Set(
      sectionsOf(form)
        .filter((s) => roleOf(s) === 'transport')
        .flatMap(valueNames),
    ),
  ];
}

/** The honeypot field a section of the form renders (model.ts SectionDef.honeypot), or null. */
export const honeypotOf = (form: FormDef): string | null => sectionsOf(form).find((s) => s.honeypot)?.honeypot ?? null;

const answerMatchers = new WeakMap<FormDef, (name: string) => boolean>();

/** Whether `name` is one of the form's answers, a numbered block's (`firstName2`) included. */
function isAnswerField(form: FormDef): (name: string) => boolean {
  let matches = answerMatchers.get(form);
  if (!matches) {
    const answers = answerSections(form);
    const plain = new Set(answers.filter((s) => !s.repeat).flatMap(valueNames));
    const repeated = answers.filter((s) => s.repeat);
    const numbered = new Set(
      repeated.flatMap((s) =>
        Array.from({ length: s.repeat!.max - s.repeat!.from + 1 }, (_, i) => valueNames(s).map((name) => `${name}${s.repeat!.from + i}`)).flat(),
      ),
    );
    answerMatchers.set(form, (matches = (name) => plain.has(name) || numbered.has(name)));
  }
  return matches;
}

/** Only the answers among `values`: what is kept with a record, in a draft and between visits. */
export function answersOf<T>(form: FormDef, values: Record<string, T>): Record<string, T> {
  const isAnswer = isAnswerField(form);
  return Object.fromEntries(Object.entries(values).filter(([name]) => isAnswer(name)));
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false;

const shownFields = (section: SectionDef) =>
  Object.keys({ ...section.fields, ...section.formFields }).filter((name) => !section.errorAt?.[name] && !section.hidden?.includes(name));

/** Block numbers of a repeated section present in `answers` (a block is present when any of its fields is filled). */
export function repeatNumbers(section: SectionDef, answers: Answers): number[] {
  if (!section.repeat) return [];
  const numbers: number[] = [];
  const names = Object.keys(section.fields);
  for (let n = section.repeat.from; n <= section.repeat.max; n++) {
    if (names.some((name) => !isEmpty(answers[`${name}${n}`]))) numbers.push(n);
  }
  return numbers;
}

const expanded = (section: SectionDef, names: string[], answers: Answers) =>
  section.repeat ? repeatNumbers(section, answers).flatMap((n) => names.map((name) => `${name}${n}`)) : names;

/** Visible fields in page order (error summary order); repeated blocks as present in `answers`. */
export function fieldOrder(form: FormDef, step?: number, answers: Answers = {}): string[] {
  const steps = step === undefined ? form.steps.map((_, i) => i + 1) : [step];
  return steps.flatMap((s) => sectionsOf(form, s).flatMap((section) => expanded(section, shownFields(section), answers)));
}

/** The visible field that shows an error reported for a payload field, and its step; null when none. */
export function errorTarget(form: FormDef, field: string): { step: number; fieldId: string } | null {
  for (let step = 1; step <= form.steps.length; step++) {
    for (const section of sectionsOf(form, step)) {
      const fieldId = section.errorAt?.[field] ?? field;
      const base = section.repeat ? fieldId.replace(/\d+$/, '') : fieldId;
      if (shownFields(section).includes(base) && (section.repeat ? base !== fieldId : true)) return { step, fieldId };
    }
  }
  return null;
}

/** Tick boxes that keep the final step's Submit disabled; with `answers`, only those of applying sections. */
export function submitGates(form: FormDef, answers?: Answers): string[] {
  return sectionsOf(form, form.steps.length)
    .filter((section) => !answers || !section.visibleWhen || section.visibleWhen(answers))
    .flatMap((section) => [...(section.gatesSubmit ?? [])]);
}

/** A new form's values: text '', boxes false, files null; the market, language and edit token from `context`. */
export function emptyValues(form: FormDef, context: FormContext): Answers {
  const values: Answers = {};
  for (const section of sectionsOf(form)) {
    if (section.repeat) continue;
    for (const name of Object.keys(section.fields)) values[name] = section.boxes?.includes(name) ? false : '';
    for (const name of section.files ?? []) values[name] = null;
  }
  if ('appStoreCountry' in values) values.appStoreCountry = context.country;
  if ('formLanguage' in values) values.formLanguage = context.language;
  if ('loginToken' in values) values.loginToken = context.loginToken ?? '';
  if ('basePath' in values) values.basePath = context.basePath ?? '';
  return values;
}

type Issue = { code: 'custom'; path: PropertyKey[]; message: string; input: unknown };

function validateField(rule: FieldRule, name: string, value: unknown, out: Answers, issues: Issue[]) {
  const result = z.safeParse(rule, value);
  if (result.success) {
    if (result.data !== undefined) out[name] = result.data;
    return;
  }
  for (const issue of result.error.issues) issues.push({ code: 'custom', path: [name, ...issue.path], message: issue.message, input: value });
}

/**
 * One schema over `sections`: every applying section's fields (all errors at once, conditional
 * ones included), repeated blocks as present, unknown fields dropped. `mode: 'form'` adds the
 * browser's rules and section checks; 'payload' adds the form's cross-field check.
 */
function schemaOver(sections: SectionDef[], mode: 'form' | 'payload', formCheck?: (payload: Answers) => FieldErrors, optionalFiles = false) {
  return z.transform((input: unknown, ctx) => {
    const out: Answers = {};
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      ctx.issues.push({ code: 'custom', path: [], message: ErrorKey.invalid, input });
      return out;
    }
    const answers = input as Answers;
    const issues: Issue[] = [];
    for (const section of sections) {
      if (section.visibleWhen && !section.visibleWhen(answers)) continue;
      const rules: Record<string, FieldRule> = mode === 'form' ? { ...section.fields, ...section.formFields } : section.fields;
      // Editing a stored application: a file sent before stays unless another is chosen.
      if (optionalFiles) for (const name of section.files ?? []) if (rules[name]) rules[name] = z.nullish(rules[name] as z.ZodMiniType);
      if (section.repeat) {
        for (const n of repeatNumbers(section, answers)) {
          for (const [name, rule] of Object.entries(rules)) validateField(rule, `${name}${n}`, answers[`${name}${n}`], out, issues);
        }
      } else {
        for (const [name, rule] of Object.entries(rules)) {
          const former = mode === 'payload' && answers[name] === undefined ? section.formerNames?.[name] : undefined;
          validateField(rule, name, former ? answers[former] : answers[name], out, issues);
        }
      }
      if (mode === 'form' && section.check) {
        for (const [field, message] of Object.entries(section.check(answers))) issues.push({ code: 'custom', path: [field], message, input: answers[field] });
      }
    }
    // As a zod object's refinement: the cross-field rule applies once every field is valid.
    if (issues.length === 0 && formCheck) {
      for (const [field, message] of Object.entries(formCheck(out))) issues.push({ code: 'custom', path: [field], message, input: out[field] });
    }
    ctx.issues.push(...issues);
    return out;
  });
}

const payloadSchemas = new WeakMap<FormDef, ReturnType<typeof schemaOver>>();

/** The schema the server validates a submitted payload with (files are checked apart, by content). Built once per form. */
export function payloadSchema(form: FormDef) {
  let schema = payloadSchemas.get(form);
  if (!schema) payloadSchemas.set(form, (schema = schemaOver(sectionsOf(form), 'payload', form.check)));
  return schema;
}

/**
 * The schema the browser validates one step's form values with (before toPayload). `editing`: a
 * stored application is being changed, so a file the form asks for 'unlessEditing' may stay empty.
 */
export function stepSchema(form: FormDef, step: number, { editing = false }: { editing?: boolean } = {}) {
  return schemaOver(sectionsOf(form, step), 'form', undefined, editing && form.files?.certificate === 'unlessEditing');
}

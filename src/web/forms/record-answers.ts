// A stored application as a form's answers (the edit link, spec §4): each field the form asks,
// kept when it passes the field's rule today. The declarations are asked again (decision 0062):
// they vouch for the answers sent now and give consent, which a box ticked in advance does not.
// The Google-profile box is a fact the applicant stated, kept like their other answers. What is
// not an answer (the market, the bot check, the record's id: model.ts SectionRole) comes from the page.
import * as z from 'zod/mini';
import { answerSections } from '#shared/forms/derive.ts';
import type { Answers, FormDef } from '#shared/forms/model.ts';
import { AGREEMENT_FIELDS, SHORT_FORM_CHECKS } from '#shared/reference/options.ts';
import { isTicked } from '#shared/schemas/fields.ts';

const DECLARATIONS: ReadonlySet<string> = new Set([...AGREEMENT_FIELDS, ...SHORT_FORM_CHECKS]);

const asCoordinate = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

export function answersFromRecord(form: FormDef, record: Record<string, unknown>): Answers {
  const answers: Answers = {};
  for (const section of answerSections(form)) {
    const rules = Object.entries({ ...section.fields, ...section.formFields });
    // Numbered blocks (extra pharmacists: firstName2, firstName3, ...) as the record has them.
    const numbered = section.repeat
      ? Array.from({ length: section.repeat.max - section.repeat.from + 1 }, (_, i) => section.repeat!.from + i).flatMap((n) =>
          rules.map(([name, rule]) => [`${name}${n}`, rule] as const),
        )
      : rules;
    for (const [name, rule] of numbered) {
      const raw = record[name];
      if (DECLARATIONS.has(name) || raw === undefined || raw === null || raw === '') continue;
      // A box as the form holds it (a multipart save may have stored 'true').
      const value = section.boxes?.includes(name)
        ? isTicked(raw)
        : name === 'lat' || name === 'lng'
          ? asCoordinate(raw)
          : typeof raw === 'number'
            ? String(raw)
            : raw;
      if (z.safeParse(rule, value).success) answers[name] = value;
    }
  }
  return { ...answers, ...form.fromRecord?.(record) };
}

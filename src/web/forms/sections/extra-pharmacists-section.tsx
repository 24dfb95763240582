// The rep's visit form's numbered extra pharmacists (spec §3: firstName2, lastName2, ... from 2),
// shown only when the outcome is joined_unify, so loaded apart (rep-visit-sections.tsx). Each has
// their own e-mail address, where they are sent their own link to confirm (issue 39 item 7).
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { repeatNumbers } from '#shared/forms/derive.ts';
import { EMAIL_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { TextInput } from '../../components/text-input.tsx';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

function ExtraPharmacist({ n, removable, onRemove }: { n: number; removable: boolean; onRemove: () => void }) {
  const text = useFormText();
  const { register } = useFormContext();
  const first = useFieldError(`firstName${n}`);
  const last = useFieldError(`lastName${n}`);
  const email = useFieldError(`email${n}`);
  const number = useFieldError(`professionalRegistrationNumber${n}`);
  const about = useFieldError(`anythingElseAboutYou${n}`);
  return (
    <fieldset className="pc-fieldset pc-form-group pc-extra-pharmacist">
      <legend className="pc-fieldset__legend">{text('extraPharmacists.legend', { number: n })}</legend>
      <input type="hidden" {...register(`bodyOfRegistration${n}`)} />
      <TextInput {...register(`firstName${n}`)} label={text('firstName.label')} error={first} autoComplete="off" maxLength={TEXT_MAX_LENGTH} />
      <TextInput {...register(`lastName${n}`)} label={text('lastName.label')} error={last} autoComplete="off" maxLength={TEXT_MAX_LENGTH} />
      <TextInput
        {...register(`email${n}`)}
        type="email"
        label={text('email.label')}
        hint={text('extraPharmacists.emailHint')}
        error={email}
        autoComplete="off"
        spellCheck={false}
        maxLength={EMAIL_MAX_LENGTH}
      />
      <TextInput
        {...register(`professionalRegistrationNumber${n}`)}
        label={text('registrationNumber.label')}
        error={number}
        inputMode="numeric"
        maxLength={7}
        className="pc-input--short"
        autoComplete="off"
      />
      <TextArea {...register(`anythingElseAboutYou${n}`)} label={text('anythingElse.label')} error={about} />
      {removable ? (
        <button type="button" className="pc-button pc-button--secondary" onClick={onRemove}>
          {text('extraPharmacists.remove', { number: n })}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * Numbered blocks from 2 (spec §3), as the record numbers them: a pharmacist who erased their data
 * leaves a gap (the others keep their numbers, which their links name). A new block comes after
 * the last; only the last can be removed.
 */
export function ExtraPharmacistsSection() {
  const text = useFormText();
  const { getValues, setValue } = useFormContext();
  const section = sectionOf('extra-pharmacists');
  const { from, max } = section.repeat!;
  const [numbers, setNumbers] = useState(() => repeatNumbers(section, getValues()));
  const next = (numbers.at(-1) ?? from - 1) + 1;
  const add = () => {
    setValue(`bodyOfRegistration${next}`, REGISTRATION_BODY_IT);
    setNumbers([...numbers, next]);
  };
  const remove = () => {
    const n = numbers.at(-1)!;
    for (const name of Object.keys(section.fields)) setValue(`${name}${n}`, '');
    setNumbers(numbers.slice(0, -1));
  };
  return (
    <>
      <h2 className="pc-heading-m">{text('extraPharmacists.heading')}</h2>
      <p className="pc-body">{text('extraPharmacists.intro')}</p>
      {numbers.map((n, i) => (
        <ExtraPharmacist key={n} n={n} removable={i === numbers.length - 1} onRemove={remove} />
      ))}
      {next <= max ? (
        <button type="button" className="pc-button pc-button--secondary" onClick={add}>
          {text('extraPharmacists.add')}
        </button>
      ) : null}
    </>
  );
}

// The rep's visit form's own fields (spec §2 screen 12, §4): the call outcome and month, the
// history entry's note and next visit, the joined_unify part's VAT number, completion month and
// oncology status (the numbered extra pharmacists are in extra-pharmacists-section.tsx). Apart from the area manager's fields so
// that the rep's form page carries only its own.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CALL_FLAGS } from '#shared/reference/call-flags.ts';
import { ONCOLOGY_STATUSES } from '#shared/reference/oncology-status.ts';
import { useSite } from '../../lib/site-context.tsx';
import { Radios } from '../../components/radios.tsx';
import { Select } from '../../components/select.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function useMonthOptions() {
  const { config } = useSite();
  const format = new Intl.DateTimeFormat(config.language, { month: 'long' });
  return MONTHS.map((m) => ({ value: String(m), label: format.format(new Date(2024, m - 1, 1)) }));
}
export function OncologyStatusField() {
  const { t } = useTranslation();
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError('oncStatus');
  return (
    <Select
      {...register('oncStatus')}
      label={text('oncStatus.label')}
      error={error}
      placeholder={text('oncStatus.placeholder')}
      options={ONCOLOGY_STATUSES.map((status) => ({ value: status, label: t(`oncStatus.${status}`) }))}
    />
  );
}
export function CallOutcomeSection() {
  const { t } = useTranslation();
  const text = useFormText();
  const { register, control } = useFormContext();
  const flag = useWatch({ control, name: 'callFlag' }) as string;
  const flagError = useFieldError('callFlag');
  const monthError = useFieldError('month');
  const months = useMonthOptions();
  return (
    <>
      <h2 className="pc-heading-m">{text('sections.visit')}</h2>
      <Radios
        {...register('callFlag')}
        legend={text('callFlag.legend')}
        error={flagError}
        selected={flag}
        options={CALL_FLAGS.map((value) => ({ value, label: t(`callFlag.${value}`) }))}
      />
      <Select {...register('month')} label={text('month.label')} error={monthError} placeholder={text('month.placeholder')} options={months} />
    </>
  );
}

/** The history entry's own note and next-visit day (not kept on the pharmacy). */
export function VisitNoteSection() {
  const text = useFormText();
  const { register } = useFormContext();
  const noteError = useFieldError('note');
  const nextVisitError = useFieldError('nextVisit');
  return (
    <>
      <TextArea {...register('note')} label={text('note.label')} hint={text('note.hint')} error={noteError} />
      <TextInput {...register('nextVisit')} type="date" label={text('nextVisit.label')} error={nextVisitError} className="pc-input--short" />
    </>
  );
}

export function JoinedUnifyFields() {
  const text = useFormText();
  const { register } = useFormContext();
  const pivaError = useFieldError('piva');
  const monthError = useFieldError('completionMonth');
  const months = useMonthOptions();
  return (
    <>
      <h2 className="pc-heading-m">{text('sections.joined')}</h2>
      <TextInput
        {...register('piva')}
        label={text('piva.label')}
        hint={text('piva.hint')}
        error={pivaError}
        inputMode="numeric"
        maxLength={11}
        className="pc-input--short"
        autoComplete="off"
      />
      <Select
        {...register('completionMonth')}
        label={text('completionMonth.label')}
        error={monthError}
        placeholder={text('month.placeholder')}
        options={months}
      />
      <OncologyStatusField />
    </>
  );
}

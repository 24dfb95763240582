// The readable CSV's control on the manager's home (issue 24 item 6, decision 0025): the visits of
// a range of days, in the page's language. A GET form to the export itself: the browser saves the
// attachment and the page stays. The range is checked first with the server's own schema, and a
// date input holding a half-typed day is an error rather than an open end.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { fieldErrors } from '#shared/schemas/api.ts';
import { VisitRangeSchema } from '#shared/schemas/csv-export.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { useSite } from '../../lib/site-context.tsx';
import { useErrorText } from '../../lib/use-error-text.ts';
import './visits-csv-form.css';

const FIELDS = [
  { name: 'from', id: 'visitsFrom', label: 'staff.readableCsv.from' },
  { name: 'to', id: 'visitsTo', label: 'staff.readableCsv.to' },
] as const;

export function VisitsCsvForm({ areaManagerId }: { areaManagerId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    const parsed = z.safeParse(VisitRangeSchema, { from: input('from').value, to: input('to').value });
    const found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    for (const { name } of FIELDS) if (input(name).validity.badInput) found[name] = ErrorKey.date;
    setErrors(found);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    setAttempt((n) => n + 1);
  };

  const summary = FIELDS.filter(({ name }) => errors[name]).map(({ name, id }) => ({ fieldId: id, message: errorText(errors[name]!) }));
  return (
    <form className="staff-visits-csv" method="get" action={StaffApi.accordCsv.path} noValidate onSubmit={submit}>
      <fieldset className="pc-fieldset" aria-describedby="visitsCsvHint">
        <legend className="pc-fieldset__legend">{t('staff.readableCsv.legend')}</legend>
        <p id="visitsCsvHint" className="pc-hint">
          {t('staff.readableCsv.hint')}
        </p>
        {summary.length > 0 ? <ErrorSummary key={attempt} errors={summary} /> : null}
        <input type="hidden" name="id" value={areaManagerId} />
        <input type="hidden" name="format" value="readable" />
        <input type="hidden" name="lang" value={config.language} />
        <div className="staff-visits-csv__days">
          {FIELDS.map(({ name, id, label }) => (
            <TextInput key={name} type="date" name={name} id={id} label={t(label)} error={errors[name] ? errorText(errors[name]) : undefined} />
          ))}
          <button type="submit" className="pc-button pc-button--secondary">
            {t('staff.readableCsv.download')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

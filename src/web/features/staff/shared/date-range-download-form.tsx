// A download of a range of days as CSV, in the page's language (the manager's readable visits CSV,
// decision 0025; the activity log's audit export, issue 41 item 4). A GET form to the download
// itself: the browser saves the attachment and the page stays. The range is checked first with the
// server's own schema, and a date input holding a half-typed day is an error rather than an open end.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { fieldErrors } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { useSite } from '../../../lib/site-context.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import './date-range-download-form.css';

interface DateRangeDownloadFormProps {
  /** The download's path (a contract's `path`). */
  action: string;
  /** The server's schema of the range (`from`, `to`). */
  schema: z.ZodMiniType;
  /** Prefix of the inputs' ids (`${idPrefix}From`, `${idPrefix}To`, `${idPrefix}Hint`). */
  idPrefix: string;
  /** The message keys of the fieldset's legend and hint, the two days' labels and the button. */
  texts: Record<'legend' | 'hint' | 'from' | 'to' | 'submit', string>;
  /** Further query parameters the download needs besides the range and the language. */
  hidden?: Record<string, string>;
}

const NAMES = ['from', 'to'] as const;

export function DateRangeDownloadForm({ action, schema, idPrefix, texts, hidden = {} }: DateRangeDownloadFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const idOf = (name: (typeof NAMES)[number]) => `${idPrefix}${name === 'from' ? 'From' : 'To'}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    const parsed = z.safeParse(schema, { from: input('from').value, to: input('to').value });
    const found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    for (const name of NAMES) if (input(name).validity.badInput) found[name] = ErrorKey.date;
    setErrors(found);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    setAttempt((n) => n + 1);
  };

  const summary = NAMES.filter((name) => errors[name]).map((name) => ({ fieldId: idOf(name), message: errorText(errors[name]!) }));
  const hintId = `${idPrefix}Hint`;
  return (
    <form className="staff-range-download" method="get" action={action} noValidate onSubmit={submit}>
      <fieldset className="pc-fieldset" aria-describedby={hintId}>
        <legend className="pc-fieldset__legend">{t(texts.legend)}</legend>
        <p id={hintId} className="pc-hint">
          {t(texts.hint)}
        </p>
        {summary.length > 0 ? <ErrorSummary key={attempt} errors={summary} /> : null}
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="lang" value={config.language} />
        <div className="staff-range-download__days">
          {NAMES.map((name) => (
            <TextInput key={name} type="date" name={name} id={idOf(name)} label={t(texts[name])} error={errors[name] ? errorText(errors[name]) : undefined} />
          ))}
          <button type="submit" className="pc-button pc-button--secondary">
            {t(texts.submit)}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

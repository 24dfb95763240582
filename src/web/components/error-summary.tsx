// GOV.UK error summary: an alert with a heading and one link per error. It takes focus when it
// appears (remount it with a new key to take focus again), and each link focuses its field.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './components.css';

export interface SummaryError {
  /** The id of the field to focus; without it the message shows as plain text. */
  fieldId?: string;
  /** A router path instead (a field on another page of the form). */
  to?: string;
  /** Already translated. */
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly SummaryError[];
  title?: string;
}

/** Focuses a field and brings its label or legend into view. */
export function focusField(fieldId: string): boolean {
  const target = document.getElementById(fieldId);
  if (!target) return false;
  const legend = target.closest('fieldset')?.querySelector('legend');
  const label = Array.from(document.getElementsByTagName('label')).find((l) => l.htmlFor === fieldId);
  const anchor = legend ?? label ?? target;
  anchor.scrollIntoView?.({ block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

export function ErrorSummary({ errors, title }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);

  if (!errors.length) return null;

  const onClick = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    if (focusField(fieldId)) event.preventDefault();
  };

  return (
    <div ref={ref} className="pc-error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title" className="pc-error-summary__title">
        {title ?? t('components.errorSummary.title')}
      </h2>
      <ul className="pc-error-summary__list">
        {errors.map((error, index) => (
          <li key={`${error.fieldId ?? ''}-${index}`}>
            {error.to ? (
              <Link to={error.to}>{error.message}</Link>
            ) : error.fieldId ? (
              <a href={`#${error.fieldId}`} onClick={(event) => onClick(event, error.fieldId!)}>
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

// A form field's frame (GOV.UK pattern): label, hint, inline error, and the ids that tie them
// to the control through aria-describedby.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './components.css';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** The aria-describedby value for a control with an optional hint and error (and extra ids). */
export function describedBy(id: string, { hint, error, extra }: { hint?: unknown; error?: unknown; extra?: string[] }): string | undefined {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : '', ...(extra ?? [])].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function controlProps(id: string, hint?: unknown, error?: unknown, extra?: string[]): ControlProps {
  return {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy(id, { hint, error, extra }) ? { 'aria-describedby': describedBy(id, { hint, error, extra }) } : {}),
  };
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={hintId(id)} className="pc-hint">
      {children}
    </div>
  );
}

export function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p id={errorId(id)} className="pc-error-message">
      <span className="visually-hidden">{t('components.errorPrefix')}</span> {children}
    </p>
  );
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Already translated. */
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={['pc-form-group', error ? 'pc-form-group--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="pc-label" htmlFor={id}>
        {label}
      </label>
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      {children(controlProps(id, hint, error))}
    </div>
  );
}

// A text area with a live character count (GOV.UK character count pattern): the visible count
// updates on every key; screen readers hear it once typing pauses.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXTAREA_MAX_LENGTH } from '#shared/limits.ts';
import { Field } from './field.tsx';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  name: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  maxLength?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

const ANNOUNCE_DELAY_MS = 1000;

export function TextArea({ name, id = name, label, hint, error, maxLength = TEXTAREA_MAX_LENGTH, ref, onChange, rows = 4, className, ...rest }: TextAreaProps) {
  const { t } = useTranslation();
  const local = useRef<HTMLTextAreaElement | null>(null);
  const [length, setLength] = useState(0);
  const [announced, setAnnounced] = useState('');

  const setRefs = useCallback(
    (element: HTMLTextAreaElement | null) => {
      local.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) (ref as { current: HTMLTextAreaElement | null }).current = element;
    },
    [ref],
  );

  // Values set from outside (form reset, prefill) do not fire change events: read the element
  // after every render. It only sets state when the length differs, so it cannot loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const current = local.current?.value.length ?? 0;
    if (current !== length) setLength(current);
  });

  const remaining = maxLength - length;
  const countText = t('components.textArea.remaining', { count: Math.max(remaining, 0) });

  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(countText), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [countText]);

  const countId = `${id}-count`;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <>
          <textarea
            {...rest}
            {...control}
            aria-describedby={[control['aria-describedby'], countId].filter(Boolean).join(' ')}
            ref={setRefs}
            name={name}
            rows={rows}
            maxLength={maxLength}
            className={['pc-textarea', error ? 'pc-input--error' : '', className ?? ''].filter(Boolean).join(' ')}
            onChange={(event) => {
              setLength(event.target.value.length);
              onChange?.(event);
            }}
          />
          <div id={countId} className="visually-hidden">
            {t('components.textArea.limit', { count: maxLength })}
          </div>
          <div className={['pc-hint', 'pc-character-count', remaining <= 0 ? 'pc-character-count--full' : ''].filter(Boolean).join(' ')} aria-hidden="true">
            {countText}
          </div>
          <div className="visually-hidden" aria-live="polite">
            {announced === countText && length > 0 ? announced : ''}
          </div>
        </>
      )}
    </Field>
  );
}

import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field.tsx';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  name: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  options: readonly { value: string; label: string }[];
  /** The empty first option's text; leave out to have none. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ name, id = name, label, hint, error, options, placeholder, ref, className, ...rest }: SelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...rest}
          {...control}
          ref={ref}
          name={name}
          className={['pc-select', error ? 'pc-input--error' : '', className ?? ''].filter(Boolean).join(' ')}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

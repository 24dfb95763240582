import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field.tsx';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  /** Defaults to the name, so an error summary link #name reaches it. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({ name, id = name, label, hint, error, className, ref, type = 'text', ...input }: TextInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          name={name}
          type={type}
          className={['pc-input', error ? 'pc-input--error' : '', className ?? ''].filter(Boolean).join(' ')}
        />
      )}
    </Field>
  );
}

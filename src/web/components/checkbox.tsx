// One checkbox with its label, hint and inline error.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { ErrorMessage, Hint, controlProps } from './field.tsx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'> {
  name: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ name, id = name, label, hint, error, ref, ...input }: CheckboxProps) {
  return (
    <div className={['pc-form-group', 'pc-form-group--tight', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}>
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      <div className="pc-checkboxes__item">
        <input {...input} {...controlProps(id, hint, error)} ref={ref} className="pc-checkboxes__input" type="checkbox" name={name} />
        <label className="pc-checkboxes__label" htmlFor={id}>
          {label}
        </label>
        {hint ? <Hint id={id}>{hint}</Hint> : null}
      </div>
    </div>
  );
}

// A radio group in a fieldset with a legend (GOV.UK pattern). The first radio's id is the group's
// id, so an error summary link #name lands on the group. An option may reveal extra content.
import { Fragment, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { ErrorMessage, Hint, describedBy } from './field.tsx';

interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the option while it is chosen. */
  conditional?: ReactNode;
}

export interface RadiosProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'value'> {
  name: string;
  id?: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  options: readonly RadioOption[];
  /** The chosen value, to show conditional content. */
  selected?: string;
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function radioId(id: string, index: number, value: string): string {
  return index === 0 ? id : `${id}-${value.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function Radios({ name, id = name, legend, hint, error, options, selected, inline, ref, ...input }: RadiosProps) {
  const described = describedBy(id, { hint, error });
  return (
    <div className={['pc-form-group', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}>
      <fieldset className="pc-fieldset" aria-describedby={described}>
        <legend className="pc-fieldset__legend">{legend}</legend>
        {hint ? <Hint id={id}>{hint}</Hint> : null}
        {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
        <div className={inline ? 'pc-radios pc-radios--inline' : 'pc-radios'}>
          {options.map((option, index) => {
            const optionId = radioId(id, index, option.value);
            const optionHint = option.hint ? `${optionId}-hint` : undefined;
            const conditionalId = option.conditional ? `${optionId}-conditional` : undefined;
            const open = option.conditional !== undefined && selected === option.value;
            return (
              <Fragment key={option.value}>
                <div className="pc-radios__item">
                  <input
                    {...input}
                    ref={ref}
                    className="pc-radios__input"
                    type="radio"
                    id={optionId}
                    name={name}
                    value={option.value}
                    aria-describedby={optionHint}
                    aria-controls={open ? conditionalId : undefined}
                  />
                  <label className="pc-radios__label" htmlFor={optionId}>
                    {option.label}
                  </label>
                  {option.hint ? (
                    <div id={optionHint} className="pc-hint pc-radios__hint">
                      {option.hint}
                    </div>
                  ) : null}
                </div>
                {open ? (
                  <div id={conditionalId} className="pc-radios__conditional">
                    {option.conditional}
                  </div>
                ) : null}
              </Fragment>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

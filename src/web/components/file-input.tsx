// A document upload (GOV.UK file upload pattern): the native file input, visually hidden behind a
// button-styled label so it can be reached and opened by keyboard, the chosen file's name, and
// a Remove button. The file stays in the browser until the form is sent.
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { ErrorMessage, Hint, describedBy } from './field.tsx';
import './components.css';

export interface FileInputProps {
  id: string;
  name?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The accept attribute (MIME types and extensions). */
  accept: string;
  file: { name: string; size: number } | null;
  onChange: (file: File | null) => void;
  texts: { choose: string; chooseAnother: string; remove: string; chosen: string; size: (bytes: number) => string };
  /** Extra note under the control (e.g. "choose the file again"). */
  note?: ReactNode;
}

export function FileInput({ id, name = id, label, hint, error, accept, file, onChange, texts, note }: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const chosenId = `${id}-chosen`;
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen) onChange(chosen);
  };
  return (
    <div className={['pc-form-group', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}>
      <div id={`${id}-label`} className="pc-label">
        {label}
      </div>
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {note ? <div className="pc-file__note">{note}</div> : null}
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      <div className="pc-file">
        <span>
          <input
            ref={input}
            id={id}
            name={name}
            type="file"
            accept={accept}
            className="pc-file-input"
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={describedBy(id, { hint, error, extra: file ? [chosenId] : [] })}
            aria-invalid={error ? true : undefined}
            onChange={onFile}
          />
          <label id={`${id}-button`} htmlFor={id} className="pc-button pc-button--secondary">
            {file ? texts.chooseAnother : texts.choose}
          </label>
        </span>
        {file ? (
          <>
            <p id={chosenId} className="pc-file__chosen">
              <strong>{texts.chosen}</strong> {file.name} ({texts.size(file.size)})
            </p>
            <button
              type="button"
              className="pc-link-button"
              onClick={() => {
                onChange(null);
                input.current?.focus();
              }}
            >
              {texts.remove}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

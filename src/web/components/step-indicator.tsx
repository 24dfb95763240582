// Where the applicant is in a multi-step form: "Step 2 of 3" and the steps' names, the current
// one marked with aria-current="step".
import './components.css';

export interface StepIndicatorProps {
  current: number;
  /** Already translated: "Step 2 of 3". */
  caption: string;
  /** Already translated names of all steps, in order. */
  names: readonly string[];
  /** Accessible name of the list. */
  label: string;
}

export function StepIndicator({ current, caption, names, label }: StepIndicatorProps) {
  return (
    <div className="pc-steps">
      <p className="pc-steps__caption">{caption}</p>
      <ol className="pc-steps__list" aria-label={label}>
        {names.map((name, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <li key={name} className={`pc-steps__item pc-steps__item--${state}`} aria-current={number === current ? 'step' : undefined}>
              <span className="pc-steps__number" aria-hidden="true">
                {number}
              </span>
              <span className="pc-steps__name">{name}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

// Submit stays disabled until the bot check is solved and every mandatory box is ticked
// (spec §4). A disabled button cannot take focus, so the reason is written next to it, with
// links to what is still missing.
import type { ReactNode } from 'react';
import { useWatch, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { focusField } from '../components/error-summary.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useFormText } from './form-text.tsx';

export interface SubmitBarProps {
  mandatoryCheckboxes: readonly string[];
  submitting: boolean;
  /** Further conditions, listed first when unmet (e.g. step 3's how-found answer). */
  requirements?: readonly { fieldId: string; met: boolean; text: string }[];
  /** Shown before the submit button (e.g. Previous). */
  before?: ReactNode;
  /** Whether the form has a bot check to solve (staff forms have none). */
  botCheck?: boolean;
  /** The button's text when not the applicant's 'Submit application'. */
  label?: string;
}

export function SubmitBar({ mandatoryCheckboxes, submitting, requirements = [], before, botCheck = true, label }: SubmitBarProps) {
  const { t } = useTranslation();
  const text = useFormText();
  const { control } = useFormContext();
  const values = useWatch({ control, name: ['recaptchaToken', ...mandatoryCheckboxes] }) as unknown[];
  const [token, ...ticks] = values;
  const missing: { fieldId: string; text: string }[] = requirements.filter((r) => !r.met).map(({ fieldId, text }) => ({ fieldId, text }));
  mandatoryCheckboxes.forEach((name, index) => {
    if (ticks[index] === true) return;
    const match = /^(?:agreementCheck|check)(\d)$/.exec(name);
    missing.push({ fieldId: name, text: match ? t('form.missing.agreement', { number: match[1] }) : t(`form.missing.${name}`) });
  });
  if (botCheck && !token) missing.push({ fieldId: 'recaptchaToken', text: t('form.missing.captcha') });
  const blocked = missing.length > 0;

  return (
    <div className="pc-submit">
      {blocked ? (
        <div id="submit-missing" className="pc-submit__missing">
          <p className="pc-body">{text('missing.intro')}</p>
          <ul>
            {missing.map((item) => (
              <li key={item.fieldId}>
                <a
                  href={`#${item.fieldId}`}
                  onClick={(event) => {
                    if (focusField(item.fieldId)) event.preventDefault();
                  }}
                >
                  {item.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="pc-button-group">
        {before}
        <button type="submit" className="pc-button" disabled={blocked || submitting} aria-describedby={blocked ? 'submit-missing' : undefined}>
          {label ?? text('submit')}
        </button>
        {submitting ? <Spinner inline label={text('submitting')} /> : null}
      </div>
    </div>
  );
}

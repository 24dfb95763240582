// The markets a reviewer reviews (the reviewer-markets form, decision 0066): one box per market of
// the market table, named in the page's language; none ticked means every market.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '#shared/markets.ts';
import { ErrorMessage, Hint, describedBy } from '../../components/field.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';
import { useRunner } from '../runner-context.tsx';

export function ReviewerMarketsField() {
  const text = useFormText();
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError('markets');
  const { record } = useRunner();
  const name = record ? `${String(record.firstName ?? '')} ${String(record.lastName ?? '')}`.trim() : '';
  const hint = text('markets.hint');
  return (
    <div className={['pc-form-group', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}>
      <fieldset className="pc-fieldset" aria-describedby={describedBy('markets', { hint, error })}>
        <legend className="pc-fieldset__legend">{text('markets.legend', { name })}</legend>
        <Hint id="markets">{hint}</Hint>
        {error ? <ErrorMessage id="markets">{error}</ErrorMessage> : null}
        <div className="pc-checkboxes">
          {COUNTRIES.map((market, index) => {
            // The first box carries the group's id, so the error summary's #markets lands on it.
            const id = index === 0 ? 'markets' : `markets-${market}`;
            return (
              <div className="pc-checkboxes__item" key={market}>
                <input {...register('markets')} className="pc-checkboxes__input" type="checkbox" id={id} value={market} />
                <label className="pc-checkboxes__label" htmlFor={id}>
                  {t(`review.market.${market}`)}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

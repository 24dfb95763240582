// Step 3: how the applicant found the programme (spec §4): four radios and an Other free text.
// One payload field holds either a radio's value or the text, so choosing a radio clears the
// text and typing text clears the radio.
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { PROGRAMME_SOURCE_OPTIONS } from '#shared/reference/options.ts';
import { isProgrammeSource } from '#shared/schemas/registration-steps.ts';
import { ErrorMessage, Hint, describedBy } from '../../components/field.tsx';
import { radioId } from '../../components/radios.tsx';
import { useFieldError } from '../use-field-error.ts';

export const HOW_FOUND = 'howDidYouFindAboutTheProgram';
export const HOW_FOUND_OTHER_ID = 'howDidYouFindAboutTheProgram-other';

export function HowFoundSection() {
  const { t } = useTranslation();
  const { field } = useController({ name: HOW_FOUND });
  const value = typeof field.value === 'string' ? field.value : '';
  const chosen = isProgrammeSource(value) ? value : '';
  const other = chosen ? '' : value;
  const error = useFieldError(HOW_FOUND);
  const set = (next: string) => field.onChange(next);
  return (
    <section aria-labelledby="section-how-found">
      <h2 id="section-how-found" className="pc-heading-m">
        {t('steps.sections.howFound')}
      </h2>
      <div className={['pc-form-group', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}>
        <fieldset className="pc-fieldset" aria-describedby={describedBy(HOW_FOUND, { hint: true, error })}>
          <legend className="pc-fieldset__legend">{t('steps.howFound.legend')}</legend>
          <Hint id={HOW_FOUND}>{t('steps.howFound.hint')}</Hint>
          {error ? <ErrorMessage id={HOW_FOUND}>{error}</ErrorMessage> : null}
          <div className="pc-radios">
            {PROGRAMME_SOURCE_OPTIONS.map((option, index) => {
              const id = radioId(HOW_FOUND, index, option);
              return (
                <div key={option} className="pc-radios__item">
                  <input
                    ref={index === 0 ? field.ref : undefined}
                    className="pc-radios__input"
                    type="radio"
                    id={id}
                    name={HOW_FOUND}
                    value={option}
                    checked={chosen === option}
                    onChange={() => set(option)}
                    onBlur={field.onBlur}
                  />
                  <label className="pc-radios__label" htmlFor={id}>
                    {t(`programmeSource.${option}`)}
                  </label>
                </div>
              );
            })}
          </div>
          <div className="pc-form-group pc-how-found__other">
            <label className="pc-label" htmlFor={HOW_FOUND_OTHER_ID}>
              {t('steps.howFound.otherLabel')}
            </label>
            <Hint id={HOW_FOUND_OTHER_ID}>{t('steps.howFound.otherHint')}</Hint>
            <input
              id={HOW_FOUND_OTHER_ID}
              type="text"
              className={['pc-input', error ? 'pc-input--error' : ''].filter(Boolean).join(' ')}
              aria-describedby={`${HOW_FOUND_OTHER_ID}-hint`}
              value={other}
              maxLength={TEXT_MAX_LENGTH}
              onChange={(event) => set(event.target.value)}
              onBlur={field.onBlur}
            />
          </div>
        </fieldset>
      </div>
    </section>
  );
}

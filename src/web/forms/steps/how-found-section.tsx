// Step 3: how the applicant found the programme (spec §4, §9): four radios and a fifth, Other,
// which reveals a free text (with its character count). One payload field holds either a radio's
// value or the text, so choosing a radio clears the text.
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { PROGRAMME_SOURCE_OPTIONS } from '#shared/reference/options.ts';
import { isProgrammeSource } from '#shared/schemas/registration-steps.ts';
import { ErrorMessage, Hint, describedBy } from '../../components/field.tsx';
import { radioId } from '../../components/radios.tsx';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';

const HOW_FOUND = 'howDidYouFindAboutTheProgram';
const HOW_FOUND_OTHER_ID = 'howDidYouFindAboutTheProgram-other';

export function HowFoundSection() {
  const { t } = useTranslation();
  const { field } = useController({ name: HOW_FOUND });
  const value = typeof field.value === 'string' ? field.value : '';
  const chosen = isProgrammeSource(value) ? value : '';
  const other = chosen ? '' : value;
  const [otherChosen, setOtherChosen] = useState(!chosen && value !== '');
  const error = useFieldError(HOW_FOUND);
  const set = (next: string) => field.onChange(next);
  const otherRadioId = radioId(HOW_FOUND, PROGRAMME_SOURCE_OPTIONS.length, 'other-choice');
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
                    checked={!otherChosen && chosen === option}
                    onChange={() => {
                      setOtherChosen(false);
                      set(option);
                    }}
                    onBlur={field.onBlur}
                  />
                  <label className="pc-radios__label" htmlFor={id}>
                    {t(`programmeSource.${option}`)}
                  </label>
                </div>
              );
            })}
            <div className="pc-radios__item">
              <input
                className="pc-radios__input"
                type="radio"
                id={otherRadioId}
                name={HOW_FOUND}
                value="other"
                checked={otherChosen}
                onChange={() => {
                  setOtherChosen(true);
                  set('');
                }}
                onBlur={field.onBlur}
              />
              <label className="pc-radios__label" htmlFor={otherRadioId}>
                {t('steps.howFound.otherLabel')}
              </label>
            </div>
            {otherChosen ? (
              <div className="pc-radios__conditional pc-how-found__other">
                <TextArea
                  name={HOW_FOUND_OTHER_ID}
                  label={t('steps.howFound.otherDetail')}
                  value={other}
                  rows={2}
                  maxLength={TEXT_MAX_LENGTH}
                  onChange={(event) => set(event.target.value)}
                  onBlur={field.onBlur}
                />
              </div>
            ) : null}
          </div>
        </fieldset>
      </div>
    </section>
  );
}

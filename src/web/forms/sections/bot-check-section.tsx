// The bot check (ALTCHA, payload into recaptchaToken) and the honeypot field `website`,
// which people never see or reach, so only bots fill it in. It starts the form's 'Send' part.
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Captcha } from '../../components/captcha.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useRunner } from '../runner-context.tsx';
import { useFormText } from '../form-text.tsx';

export function BotCheckSection() {
  const { t } = useTranslation();
  const text = useFormText();
  const { captchaReset: resetSignal } = useRunner();
  const { register, setValue, control } = useFormContext();
  const { isSubmitted } = useFormState({ control });
  const token = useWatch({ control, name: 'recaptchaToken' }) as string;
  const error = useFieldError('recaptchaToken');
  return (
    <>
      <h2 id="section-send" className="pc-heading-m">
        {text('sections.send')}
      </h2>
      <input type="hidden" {...register('recaptchaToken')} />
      <Captcha
        id="recaptchaToken"
        label={t('form.botCheck.label')}
        hint={t('form.botCheck.hint')}
        error={error}
        verified={Boolean(token)}
        resetSignal={resetSignal}
        onVerified={(payload) => setValue('recaptchaToken', payload, { shouldValidate: isSubmitted })}
        onReset={() => setValue('recaptchaToken', '')}
      />
      <div className="pc-honeypot" aria-hidden="true">
        <label htmlFor="website">{t('form.honeypot')}</label>
        <input {...register('website')} id="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}

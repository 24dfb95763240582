// /signin: staff ask for a one-time sign-in link by e-mail (DESIGN §5: no passwords). The answer
// is the same whether the address is known or not, so the page always says "check your e-mail".
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EMAIL_MAX_LENGTH } from '#shared/limits.ts';
import { EmailSchema } from '#shared/schemas/fields.ts';
import { useSite } from '../../../lib/site-context.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { requestSignInLink, type SignInLinkResult } from './api/request-sign-in-link.ts';
import { safeReturnTo, withBasePath } from './staff-user.ts';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import './staff.css';

const SignInSchema = z.object({ email: EmailSchema });
type SignInValues = { email: string };
const resolver = zodResolver(SignInSchema) as unknown as Resolver<SignInValues>;

/** What the summary says when no link was sent (i18n keys). */
const SIGN_IN_FAILURE: Record<Exclude<SignInLinkResult, 'sent' | 'invalidEmail'>, string> = {
  tooManyRequests: 'staff.signIn.tooManyRequests',
  noPublicAddress: 'errorsGlobal.noPublicAddress',
  failed: 'errorsGlobal.temporarilyUnavailableService',
};

export function SignInPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { config } = useSite();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo')) ?? undefined;
  const signedOut = params.get('signedOut') === '1';
  const form = useForm<SignInValues>({ defaultValues: { email: '' }, resolver, shouldFocusError: false });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // The "check your email" heading takes focus in the commit that shows it (an effect, not a
  // later animation frame), so screen reader users hear where they are.
  useEffect(() => {
    if (sentTo) heading.current?.focus();
  }, [sentTo]);
  const emailError = form.formState.errors.email?.message;
  const showSummary = attempt > 0 && Boolean(emailError || message);
  usePageTitle(sentTo ? 'staff.signIn.checkEmailTitle' : 'staff.signIn.title', showSummary && !sentTo);

  const onValid = async ({ email }: SignInValues) => {
    setMessage(null);
    setSending(true);
    const result = await requestSignInLink({ email, returnTo: returnTo && withBasePath(returnTo, config.basePath), basePath: config.basePath });
    setSending(false);
    if (result === 'sent') {
      setSentTo(email);
      return;
    }
    if (result === 'invalidEmail') form.setError('email', { type: 'server', message: 'validation.email' });
    else setMessage(SIGN_IN_FAILURE[result]);
    setAttempt((n) => n + 1);
  };

  if (sentTo) {
    return (
      <div className="staff-page staff-page--narrow">
        <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
          {t('staff.signIn.checkEmailTitle')}
        </h1>
        <p className="pc-body">{t('staff.signIn.sent', { email: sentTo })}</p>
        <p className="pc-body">{t('staff.signIn.linkRules', { minutes: 10 })}</p>
        <p className="pc-body">{t('staff.signIn.notArrived')}</p>
        <button type="button" className="pc-button pc-button--secondary" onClick={() => setSentTo(null)}>
          {t('staff.signIn.again')}
        </button>
      </div>
    );
  }

  const summary = [
    ...(message ? [{ message: t(message) }] : []),
    ...(emailError ? [{ fieldId: 'email', message: t('form.summaryItem', { field: t('staff.signIn.emailLabel'), message: errorText(emailError) }) }] : []),
  ];

  return (
    <div className="staff-page staff-page--narrow">
      {showSummary ? <ErrorSummary key={attempt} errors={summary} /> : null}
      {signedOut ? (
        <p className="staff-notice" role="status">
          {t('staff.signIn.signedOut')}
        </p>
      ) : null}
      <h1 className="pc-heading-l">{t('staff.signIn.title')}</h1>
      <p className="pc-body">{t('staff.signIn.intro')}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, () => {
          setMessage(null);
          setAttempt((n) => n + 1);
        })}
        aria-busy={sending || undefined}
      >
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('staff.signIn.emailLabel')}
          hint={t('staff.signIn.emailHint')}
          error={emailError ? errorText(emailError) : undefined}
          autoComplete="email"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
        />
        <div className="pc-button-group">
          <button type="submit" className="pc-button" disabled={sending}>
            {t('staff.signIn.submit')}
          </button>
          {sending ? <Spinner inline label={t('staff.signIn.sending')} /> : null}
        </div>
      </form>
    </div>
  );
}

// /signin/verify?token=...: the e-mailed link lands here. It is used only when the person presses
// the button (mail scanners that open links must not spend it), then the second factor for roles
// that need one: TOTP enrolment with a QR code (and the secret as text) or a code, then the page
// the person came for, or their role's home.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { getMe } from './api/get-me.ts';
import { startTotpSetup, type TotpSetup } from './api/start-totp-setup.ts';
import { sendTotpCode, type TotpResult } from './api/send-totp-code.ts';
import { verifySignIn } from './api/verify-sign-in.ts';
import { staffHomePath } from '#shared/staff-home.ts';
import { safeReturnTo, signInPath, withoutBasePath } from './staff-user.ts';
import { TotpCodeForm } from './totp-code-form.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import './staff.css';

type Step =
  | { kind: 'confirm' }
  | { kind: 'verifying' }
  | { kind: 'invalid' }
  | { kind: 'tooManyRequests' }
  | { kind: 'failed' }
  | { kind: 'totp-setup'; setup: TotpSetup | null }
  | { kind: 'totp' }
  | { kind: 'finishing' };

const TITLES: Record<Step['kind'], string> = {
  confirm: 'staff.verify.title',
  verifying: 'staff.verify.title',
  invalid: 'staff.verify.invalidTitle',
  tooManyRequests: 'staff.verify.invalidTitle',
  failed: 'staff.verify.invalidTitle',
  'totp-setup': 'staff.totp.setupTitle',
  totp: 'staff.totp.title',
  finishing: 'staff.verify.title',
};

/** The secret of an otpauth:// URL, in groups of four for reading and typing. */
export function secretOf(otpauthUrl: string): string {
  try {
    const secret = new URL(otpauthUrl).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})(?=.)/g, '$1 ');
  } catch {
    return '';
  }
}

export function VerifySignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const { config } = useSite();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<Step>(token ? { kind: 'confirm' } : { kind: 'invalid' });
  const returnTo = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(TITLES[step.kind]);

  // Each new step's heading takes focus, so screen reader users hear where they are.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    heading.current?.focus();
  }, [step.kind]);

  const finish = async () => {
    setStep({ kind: 'finishing' });
    const me = await getMe().catch(() => ({ kind: 'failed' as const }));
    if (me.kind !== 'signedIn') {
      setStep({ kind: 'failed' });
      return;
    }
    void navigate(localPath(safeReturnTo(returnTo.current) ?? staffHomePath(me.user)), { replace: true });
  };

  const onConfirm = async () => {
    setStep({ kind: 'verifying' });
    const result = await verifySignIn(token);
    if (result.kind !== 'ok') {
      setStep({ kind: result.kind });
      return;
    }
    returnTo.current = withoutBasePath(result.returnTo, config.basePath);
    if (result.next === 'done') return finish();
    if (result.next === 'totp') return setStep({ kind: 'totp' });
    const setup = await startTotpSetup();
    setStep(setup ? { kind: 'totp-setup', setup } : { kind: 'failed' });
  };

  const onCode =
    (purpose: 'enable' | 'check') =>
    async (code: string): Promise<TotpResult> => {
      const result = await sendTotpCode(code, purpose);
      if (result === 'ok') void finish();
      if (result === 'expired') setStep({ kind: 'invalid' });
      return result;
    };

  const title = (
    <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
      {t(TITLES[step.kind])}
    </h1>
  );

  switch (step.kind) {
    case 'confirm':
    case 'verifying':
      return (
        <div className="staff-page staff-page--narrow">
          {title}
          <p className="pc-body">{t('staff.verify.intro')}</p>
          <div className="pc-button-group">
            <button type="button" className="pc-button" onClick={() => void onConfirm()} disabled={step.kind === 'verifying'}>
              {t('staff.verify.submit')}
            </button>
            {step.kind === 'verifying' ? <Spinner inline label={t('staff.verify.checking')} /> : null}
          </div>
        </div>
      );
    case 'finishing':
      return (
        <div className="staff-page staff-page--narrow">
          {title}
          <Spinner label={t('staff.verify.finishing')} />
        </div>
      );
    case 'invalid':
    case 'tooManyRequests':
    case 'failed':
      return (
        <div className="staff-page staff-page--narrow">
          {title}
          <p className="pc-body">
            {t(
              step.kind === 'invalid'
                ? 'staff.verify.invalid'
                : step.kind === 'tooManyRequests'
                  ? 'staff.signIn.tooManyRequests'
                  : 'errorsGlobal.temporarilyUnavailableService',
            )}
          </p>
          {step.kind === 'invalid' ? <p className="pc-body">{t('staff.signIn.linkRules', { minutes: 10 })}</p> : null}
          <p className="pc-body">
            <Link to={localPath(signInPath(returnTo.current))}>{t('staff.verify.newLink')}</Link>
          </p>
        </div>
      );
    case 'totp-setup': {
      const setup = step.setup!;
      const secret = secretOf(setup.otpauthUrl);
      return (
        <div className="staff-page staff-page--narrow">
          {title}
          <p className="pc-body">{t('staff.totp.setupIntro')}</p>
          <ol className="staff-steps">
            <li>{t('staff.totp.setupStep1')}</li>
            <li>
              {t('staff.totp.setupStep2')}
              <img
                className="staff-qr"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
                alt={t('staff.totp.qrAlt')}
                width={200}
                height={200}
              />
              <p className="pc-body">
                {t('staff.totp.secretIntro')}{' '}
                <code id="totp-secret" className="staff-secret">
                  {secret}
                </code>
              </p>
              <p className="pc-body">
                <a href={setup.otpauthUrl} id="totp-link">
                  {t('staff.totp.openInApp')}
                </a>
              </p>
            </li>
            <li>{t('staff.totp.setupStep3')}</li>
          </ol>
          <TotpCodeForm onCode={onCode('enable')} submitLabel={t('staff.totp.enable')} />
        </div>
      );
    }
    case 'totp':
      return (
        <div className="staff-page staff-page--narrow">
          {title}
          <p className="pc-body">{t('staff.totp.intro')}</p>
          <TotpCodeForm onCode={onCode('check')} submitLabel={t('staff.totp.submit')} />
        </div>
      );
  }
}

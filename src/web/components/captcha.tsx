// The bot check: the ALTCHA widget, loaded lazily only where a form needs it and only once the
// visitor gets near it (or moves into the form), so its code and proof-of-work never delay the
// form's first paint. The widget's solution payload goes into the form's recaptchaToken (the
// contract's field name).
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../lib/use-near-viewport.ts';
import { ErrorMessage, Hint, describedBy } from './field.tsx';
import './components.css';

const AltchaWidget = lazy(() => import('./altcha-widget.tsx'));

class CaptchaErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const STRING_KEYS = [
  'label',
  'verifying',
  'verified',
  'error',
  'expired',
  'verificationRequired',
  'waitAlert',
  'loading',
  'reload',
  'verify',
  'enterCode',
  'enterCodeAria',
  'getAudioChallenge',
  'cancel',
  'ariaLinkLabel',
] as const;

export interface CaptchaProps {
  /** The id of the wrapper (error summary links land here). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  verified: boolean;
  onVerified: (payload: string) => void;
  onReset: () => void;
  resetSignal?: number;
}

export function Captcha({ id, label, hint, error, verified, onVerified, onReset, resetSignal = 0 }: CaptchaProps) {
  const { t, i18n } = useTranslation();
  const strings = useMemo(() => {
    const translated: Record<string, string> = {};
    for (const key of STRING_KEYS) translated[key] = t(`components.captcha.widget.${key}`);
    translated.footer = t('components.captcha.widget.footer');
    return translated;
  }, [t]);
  const [ref, near, element] = useNearViewport<HTMLDivElement>();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const form = element?.closest('form');
    if (!form) return;
    const start = () => setStarted(true);
    form.addEventListener('focusin', start, { once: true });
    return () => form.removeEventListener('focusin', start);
  }, [element]);
  const loading = (
    <p className="pc-hint" role="status">
      {t('components.captcha.loading')}
    </p>
  );

  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy(id, { hint, error })}
      className={['pc-form-group', 'pc-captcha', error ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}
    >
      <div id={`${id}-label`} className="pc-label">
        {label}
      </div>
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      <CaptchaErrorBoundary
        fallback={
          <p className="pc-error-message" role="alert">
            {t('components.captcha.loadError')}
          </p>
        }
      >
        {near || started ? (
          <Suspense fallback={loading}>
            <AltchaWidget language={i18n.language} strings={strings} onVerified={onVerified} onReset={onReset} resetSignal={resetSignal} />
          </Suspense>
        ) : (
          loading
        )}
      </CaptchaErrorBoundary>
      <p className="visually-hidden" aria-live="polite">
        {verified ? t('components.captcha.done') : ''}
      </p>
    </div>
  );
}

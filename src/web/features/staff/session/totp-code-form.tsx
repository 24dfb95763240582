// A six-digit code from the authenticator app (TOTP). Wrong codes say so; too many lock the
// account for a while (429); a code the server cannot check (its key problem) says to report it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { TotpResult } from './api/send-totp-code.ts';

export interface TotpCodeFormProps {
  onCode: (code: string) => Promise<TotpResult>;
  submitLabel: string;
}

const ERROR_KEYS: Record<Exclude<TotpResult, 'ok'>, string> = {
  wrongCode: 'staff.totp.wrongCode',
  locked: 'staff.totp.locked',
  expired: 'staff.totp.expired',
  unreadable: 'staff.totp.unreadable',
  failed: 'errorsGlobal.temporarilyUnavailableService',
};

export function TotpCodeForm({ onCode, submitLabel }: TotpCodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(digits ? 'staff.totp.format' : 'validation.required');
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    const result = await onCode(digits);
    setBusy(false);
    if (result === 'ok') return;
    setError(ERROR_KEYS[result]);
    setCode('');
    setAttempt((n) => n + 1);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy || undefined}>
      {error ? (
        <ErrorSummary key={attempt} errors={[{ fieldId: 'code', message: t('form.summaryItem', { field: t('staff.totp.codeLabel'), message: t(error) }) }]} />
      ) : null}
      <TextInput
        name="code"
        label={t('staff.totp.codeLabel')}
        hint={t('staff.totp.codeHint')}
        error={error ? t(error) : undefined}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={7}
        className="pc-input--short"
      />
      <div className="pc-button-group">
        <button type="submit" className="pc-button" disabled={busy}>
          {submitLabel}
        </button>
        {busy ? <Spinner inline label={t('staff.totp.checking')} /> : null}
      </div>
    </form>
  );
}

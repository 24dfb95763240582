// The main admin adds an area manager (email, first and last name); errors inline and in a summary.
import { useRef, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { AddAreaManagerSchema } from '#shared/schemas/staff.ts';
import { ErrorSummary, type SummaryError } from '../../components/error-summary.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { addAreaManager } from './api/add-area-manager.ts';
import { useSendToSignIn } from './staff-session.tsx';
import { useErrorText } from './use-error-text.ts';

type Values = { email: string; firstName: string; lastName: string };
const FIELDS = ['email', 'firstName', 'lastName'] as const;
const resolver = zodResolver(AddAreaManagerSchema) as unknown as Resolver<Values, unknown, z.output<typeof AddAreaManagerSchema>>;
const EMPTY: Values = { email: '', firstName: '', lastName: '' };

export function AddAreaManagerForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const sendToSignIn = useSendToSignIn();
  const form = useForm<Values, unknown, z.output<typeof AddAreaManagerSchema>>({ defaultValues: EMPTY, resolver, shouldFocusError: false });
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const { errors } = form.formState;

  const onValid = async (values: z.output<typeof AddAreaManagerSchema>) => {
    setMessage(null);
    setAdded(null);
    setBusy(true);
    const result = await addAreaManager(values);
    setBusy(false);
    switch (result.kind) {
      case 'added':
        form.reset(EMPTY);
        setAttempt(0);
        setAdded(t('staff.addAreaManager.added', { name: `${values.firstName} ${values.lastName}` }));
        onAdded();
        return;
      case 'signedOut':
        sendToSignIn();
        return;
      case 'forbidden':
        setMessage('staff.noAccess.body');
        break;
      case 'failed':
        setMessage('errorsGlobal.temporarilyUnavailableService');
        break;
      case 'fieldErrors': {
        let unplaced = false;
        for (const [field, key] of Object.entries(result.errors)) {
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<Values>, { type: 'server', message: key });
          else unplaced = true;
        }
        if (unplaced) setMessage('errorsGlobal.temporarilyUnavailableService');
      }
    }
    setAttempt((n) => n + 1);
  };

  const summary: SummaryError[] = [
    ...(message ? [{ message: t(message) }] : []),
    ...FIELDS.flatMap((field) => {
      const key = errors[field]?.message;
      return key ? [{ fieldId: field, message: t('form.summaryItem', { field: t(`staff.addAreaManager.${field}`), message: errorText(key) }) }] : [];
    }),
  ];
  const error = (field: (typeof FIELDS)[number]) => (errors[field]?.message ? errorText(errors[field].message) : undefined);

  return (
    <section aria-labelledby="add-area-manager-title" className="staff-add">
      <h2 id="add-area-manager-title" className="pc-heading-m">
        {t('staff.addAreaManager.title')}
      </h2>
      {attempt > 0 && summary.length ? <ErrorSummary key={attempt} errors={summary} /> : null}
      <p ref={status} role="status" className={added ? 'staff-notice' : 'visually-hidden'}>
        {added ?? ''}
      </p>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, () => {
          setMessage(null);
          setAdded(null);
          setAttempt((n) => n + 1);
        })}
        aria-busy={busy || undefined}
      >
        <TextInput {...form.register('email')} type="email" label={t('staff.addAreaManager.email')} error={error('email')} autoComplete="off" spellCheck={false} maxLength={EMAIL_MAX_LENGTH} />
        <TextInput {...form.register('firstName')} label={t('staff.addAreaManager.firstName')} error={error('firstName')} autoComplete="off" spellCheck={false} maxLength={TEXT_MAX_LENGTH} />
        <TextInput {...form.register('lastName')} label={t('staff.addAreaManager.lastName')} error={error('lastName')} autoComplete="off" spellCheck={false} maxLength={TEXT_MAX_LENGTH} />
        <div className="pc-button-group">
          <button type="submit" className="pc-button" disabled={busy}>
            {t('staff.addAreaManager.submit')}
          </button>
          {busy ? <Spinner inline label={t('staff.addAreaManager.adding')} /> : null}
        </div>
      </form>
    </section>
  );
}

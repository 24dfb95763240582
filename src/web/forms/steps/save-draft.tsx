// "Email me a link to continue" on every step: the answers so far (no files) go to the server,
// which e-mails a link back to this step. A small form of its own, outside the step's form.
// The request carries a bot-check solution of its own, solved in the background from the moment
// the panel opens: the applicant never sees a second widget (the step's own solution stays for
// the step's submit).
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '#shared/limits.ts';
import type { Step } from '#shared/registration/journey.ts';
import { EmailSchema } from '#shared/schemas/fields.ts';
import { useSite } from '../../lib/site-context.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { saveDraft, type DraftOutcome } from '../../lib/api/drafts.ts';
import type { StoredAnswers } from '../answers-store.ts';

export interface SaveDraftProps {
  step: Step;
  /** The answers so far, this step's included; read when the applicant asks for the link. */
  answers: () => StoredAnswers;
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; email: string } | { kind: 'failed' } | { kind: 'tooMany' };

/** A solution solved this long ago is not used: the server's challenges expire after 10 minutes. */
const SOLUTION_MAX_AGE_MS = 5 * 60_000;

const solveInBackground = () => {
  const token = import('../../lib/solve-bot-check.ts').then(({ solveBotCheck }) => solveBotCheck());
  token.catch(() => undefined);
  return { token, startedAt: Date.now() };
};

export function SaveDraft({ step, answers }: SaveDraftProps) {
  const { t } = useTranslation();
  const { config } = useSite();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const headingId = useId();
  const solution = useRef<ReturnType<typeof solveInBackground> | null>(null);

  const prepareSolution = () => {
    if (!solution.current || Date.now() - solution.current.startedAt > SOLUTION_MAX_AGE_MS) solution.current = solveInBackground();
  };
  /** The prepared solution (or a new one), spent: the next send solves afresh. */
  const takeSolution = () => {
    prepareSolution();
    const { token } = solution.current!;
    solution.current = null;
    return token;
  };

  const onToggle = (isOpen: boolean) => {
    setOpen(isOpen);
    if (isOpen) prepareSolution();
    if (isOpen && !email) {
      const known = answers().email;
      if (typeof known === 'string') setEmail(known);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = EmailSchema.safeParse(email);
    if (!checked.success) {
      setError(t(checked.error.issues[0]?.message ?? 'validation.email'));
      return;
    }
    setError(undefined);
    setState({ kind: 'sending' });
    const draft = { email: checked.data, country: config.country, language: config.language, step, basePath: config.basePath, data: answers() };
    const send = async (): Promise<DraftOutcome> => saveDraft({ ...draft, recaptchaToken: await takeSolution() });
    // A refused solution (expired while the panel stood open) is replaced once, unseen.
    const outcome = await send()
      .then((first) => (first === 'botCheck' ? send() : first))
      .catch((): DraftOutcome => 'failed');
    if (outcome === 'sent') setState({ kind: 'sent', email: checked.data });
    else setState({ kind: outcome === 'tooMany' ? 'tooMany' : 'failed' });
  };

  return (
    <details className="pc-save-draft" open={open} onToggle={(event) => onToggle((event.currentTarget as HTMLDetailsElement).open)}>
      <summary className="pc-save-draft__summary">{t('steps.draft.toggle')}</summary>
      <div className="pc-save-draft__body">
        <p className="pc-body" id={headingId}>
          {t('steps.draft.intro')}
        </p>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
          <TextInput
            name="draftEmail"
            type="email"
            label={t('steps.draft.emailLabel')}
            error={error}
            autoComplete="email"
            spellCheck={false}
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="pc-button-group">
            <button type="submit" className="pc-button pc-button--secondary" disabled={state.kind === 'sending'}>
              {t('steps.draft.send')}
            </button>
            {state.kind === 'sending' ? <Spinner inline label={t('steps.draft.sending')} /> : null}
          </div>
        </form>
        <div role="status" className="pc-save-draft__status">
          {state.kind === 'sent' ? <p className="pc-body pc-save-draft__sent">{t('steps.draft.sent', { email: state.email })}</p> : null}
          {state.kind === 'failed' ? <p className="pc-error-message">{t('steps.draft.failed')}</p> : null}
          {state.kind === 'tooMany' ? <p className="pc-error-message">{t('steps.draft.tooMany')}</p> : null}
        </div>
      </div>
    </details>
  );
}

// After "that e-mail is already registered": a way forward. One button e-mails a link to update
// the existing application to that address (the same answer whether or not it is known); the bot
// check it needs is solved in the background, unseen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../lib/site-context.tsx';
import { requestApplicantLink, type LinkRequestOutcome } from '../lib/api/applicant-links.ts';
import { Spinner } from '../components/spinner.tsx';

type State = 'idle' | 'sending' | 'sent' | 'failed';

const solveBotCheck = () => import('../lib/solve-bot-check.ts').then(({ solveBotCheck: solve }) => solve());

export function UpdateLinkOffer({ email }: { email: () => string }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const [state, setState] = useState<State>('idle');

  const send = async () => {
    setState('sending');
    const once = async (): Promise<LinkRequestOutcome> =>
      requestApplicantLink('update', { email: email(), recaptchaToken: await solveBotCheck(), basePath: config.basePath });
    const outcome = await once()
      .then((first) => (first === 'botCheck' ? once() : first))
      .catch((): LinkRequestOutcome => 'failed');
    setState(outcome === 'sent' ? 'sent' : 'failed');
  };

  return (
    <div className="pc-update-link-offer">
      <p className="pc-body">{t('form.updateLink.intro')}</p>
      {state === 'sent' ? (
        <p className="pc-body" role="status">
          {t('form.updateLink.sent', { email: email() })}
        </p>
      ) : (
        <>
          <button type="button" className="pc-button pc-button--secondary" onClick={() => void send()} disabled={state === 'sending'}>
            {t('form.updateLink.button')}
          </button>
          {state === 'sending' ? <Spinner label={t('form.updateLink.sending')} /> : null}
          {state === 'failed' ? (
            <p className="pc-body pc-error-message" role="alert">
              {t('form.updateLink.failed')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

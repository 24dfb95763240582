// /admin/api-keys (issue 38 item 5, decision 0052): the main admin's API keys of client apps: name,
// the key's first characters, quota, when and by whom issued, the last 7 days' requests, active or
// revoked; Rotate and Revoke (each with a confirmation), and the way to the issue form. A key just
// issued or rotated is shown once, here, with a copy button: the navigation's state that brought it
// is cleared at once, and the server keeps only its hash.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { ApiClientItem, IssuedApiKey } from '#shared/schemas/api-clients.ts';
import { ErrorView } from '../../../../components/error-view.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { useLocalPath } from '../../../../lib/site-context.tsx';
import { NoAccess } from '../../session/no-access.tsx';
import { ReviewNav } from '../../review/review-nav.tsx';
import { useDateFormat } from '../../review/use-date-format.ts';
import { useSendToSignIn, useStaffUser } from '../../session/staff-session.tsx';
import { StaffTable } from '../../shared/staff-table.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useStaffLoad } from '../../shared/use-staff-load.ts';
import { getApiKeys, isIssuedKey, revokeApiKey, rotateApiKey } from './api/api-keys-api.ts';
import '../../review/review.css';
import './api-keys.css';

/** The key in clear, once, with a way to copy it. */
function IssuedKey({ issued, onDismiss }: { issued: IssuedApiKey; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="api-key-issued" aria-labelledby="api-key-issued-heading">
      <h2 id="api-key-issued-heading" className="pc-heading-m" tabIndex={-1} ref={heading}>
        {t('apiKeys.issued.title', { name: issued.client.name })}
      </h2>
      <p className="pc-body">{t('apiKeys.issued.once')}</p>
      <p className="api-key-issued__key">
        <code data-testid="issued-api-key">{issued.key}</code>
      </p>
      <p className="pc-body">{t('apiKeys.issued.header', { header: 'X-Api-Key' })}</p>
      <div className="pc-button-group">
        <button type="button" className="pc-button" onClick={copy}>
          {t('apiKeys.issued.copy')}
        </button>
        <button type="button" className="pc-button pc-button--secondary" onClick={onDismiss}>
          {t('apiKeys.issued.done')}
        </button>
      </div>
      <p role="status" className={copied ? 'staff-notice' : 'visually-hidden'}>
        {copied ? t('apiKeys.issued.copied') : ''}
      </p>
    </section>
  );
}

type Action = 'rotate' | 'revoke';

function KeyAction({
  client,
  action,
  onDone,
}: {
  client: ApiClientItem;
  action: Action;
  onDone: (result: { message: string; issued?: IssuedApiKey }) => void;
}) {
  const { t } = useTranslation();
  const sendToSignIn = useSendToSignIn();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setConfirming(true)}>
        {t(`apiKeys.${action}.button`)} <span className="visually-hidden">{client.name}</span>
      </button>
    );
  }
  const act = async () => {
    setBusy(true);
    const result = action === 'rotate' ? await rotateApiKey(client.id) : await revokeApiKey(client.id);
    setBusy(false);
    setConfirming(false);
    if (result.kind === 'signedOut') return sendToSignIn();
    if (result.kind !== 'ok') return onDone({ message: t(result.kind === 'gone' ? 'apiKeys.gone' : 'errorsGlobal.temporarilyUnavailableService') });
    onDone({ message: t(`apiKeys.${action}.done`, { name: client.name }), issued: action === 'rotate' && isIssuedKey(result.data) ? result.data : undefined });
  };
  return (
    <div role="group" aria-label={t(`apiKeys.${action}.confirm`, { name: client.name })}>
      <p className="pc-body">{t(`apiKeys.${action}.confirm`, { name: client.name })}</p>
      <div className="pc-button-group">
        <button type="button" className="pc-button pc-button--warning staff-table__action" onClick={act} disabled={busy} autoFocus>
          {t(`apiKeys.${action}.confirmButton`)}
        </button>
        <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setConfirming(false)} disabled={busy}>
          {t('apiKeys.cancel')}
        </button>
      </div>
    </div>
  );
}

function ApiKeysList() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const location = useLocation();
  const navigate = useNavigate();
  const formatDate = useDateFormat(false);
  const answer = (location.state as { answer?: unknown } | null)?.answer;
  const [issued, setIssued] = useState<IssuedApiKey | null>(() => (isIssuedKey(answer) ? answer : null));
  const [notice, setNotice] = useState<string | null>(null);
  const [state, reload] = useStaffLoad(getApiKeys, [], { keepWhileReloading: true });
  usePageTitle('apiKeys.title');

  // The key came in the navigation's state: shown from this page's own state, and gone from history.
  useEffect(() => {
    if (answer !== undefined) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [answer, navigate, location.pathname, location.search]);

  if (state.kind === 'forbidden') return <NoAccess />;
  return (
    <div className="staff-page review-page">
      <ReviewNav />
      <h1 className="pc-heading-l">{t('apiKeys.title')}</h1>
      <p className="pc-body">{t('apiKeys.intro', { header: 'X-Api-Key' })}</p>
      {issued ? <IssuedKey issued={issued} onDismiss={() => setIssued(null)} /> : null}
      <p role="status" className={notice ? 'staff-notice' : 'visually-hidden'}>
        {notice ?? ''}
      </p>
      <p className="pc-body">
        <Link className="pc-button" to={localPath(routePath('issueApiKey'))}>
          {t('apiKeys.issue.title')}
        </Link>
      </p>
      {state.kind === 'loading' ? <Spinner label={t('apiKeys.loading')} /> : null}
      {state.kind === 'failed' ? <ErrorView message={t('staff.networkError')} /> : null}
      {state.kind === 'ok' && state.data.length === 0 ? <p className="pc-body review-empty">{t('apiKeys.empty')}</p> : null}
      {state.kind === 'ok' && state.data.length > 0 ? (
        <StaffTable
          id="api-keys-caption"
          caption={t('apiKeys.caption', { count: state.data.length })}
          rows={state.data}
          columns={[
            { label: t('apiKeys.columns.name'), cell: (client) => client.name, className: 'review-wrap' },
            { label: t('apiKeys.columns.key'), cell: (client) => <code>{client.keyPrefix}…</code> },
            { label: t('apiKeys.columns.quota'), cell: (client) => t('apiKeys.perMinute', { count: client.quotaPerMinute }) },
            {
              label: t('apiKeys.columns.created'),
              cell: (client) => (
                <>
                  <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
                  <br />
                  <span className="review-muted">{client.createdBy ?? t('apiKeys.console')}</span>
                </>
              ),
            },
            {
              label: t('apiKeys.columns.usage'),
              cell: (client) => (
                <span title={client.usage.map((day) => `${day.day}: ${day.requests}`).join('\n')}>
                  {t('apiKeys.requests', { count: client.usage.reduce((sum, day) => sum + day.requests, 0) })}
                  {client.usage.some((day) => day.limited > 0) ? (
                    <>
                      <br />
                      <span className="review-muted">{t('apiKeys.limited', { count: client.usage.reduce((sum, day) => sum + day.limited, 0) })}</span>
                    </>
                  ) : null}
                </span>
              ),
            },
            {
              label: t('apiKeys.columns.state'),
              cell: (client) => (client.revokedAt ? t('apiKeys.revokedOn', { date: formatDate(client.revokedAt) }) : t('apiKeys.active')),
            },
            {
              label: t('apiKeys.columns.actions'),
              hiddenLabel: true,
              cell: (client) =>
                client.revokedAt ? null : (
                  <div className="api-key-actions">
                    {(['rotate', 'revoke'] as const).map((action) => (
                      <KeyAction
                        key={action}
                        client={client}
                        action={action}
                        onDone={({ message, issued: rotated }) => {
                          setNotice(message);
                          if (rotated) setIssued(rotated);
                          reload();
                        }}
                      />
                    ))}
                  </div>
                ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

export function ApiKeysPage() {
  const user = useStaffUser();
  if (user.role !== 'main_admin') return <NoAccess />;
  return <ApiKeysList />;
}

// /areamanager/reps/{areaManagerId} (issue 24 item 4): the manager's reps, each with their e-mail,
// pharmacies, visits this week and this month, joins this month and last visit; disabling a rep
// (after a confirmation: their sessions end at once) or enabling them again; moving all of a rep's
// pharmacies to another active rep; and the daily e-mail of joins, on or off. The figures are the
// server's (weeks from Monday, Rome time); the table turns into labelled rows on a phone.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routePath } from '#shared/routes.ts';
import type { RepSummary } from '#shared/schemas/staff-reps.ts';
import { ownAreaManagerId } from '#shared/staff-home.ts';
import { Checkbox } from '../../../components/checkbox.tsx';
import { ErrorView } from '../../../components/error-view.tsx';
import { Select } from '../../../components/select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { disableRep, enableRep, getRepSummaries, moveRepPharmacies, setJoinsDigest, type RepsSent } from './api/field-reps.ts';
import { NoAccess } from '../session/no-access.tsx';
import { useSendToSignIn, useStaffUser } from '../session/staff-session.tsx';
import { StaffTable } from '../shared/staff-table.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';

const nameOf = (rep: Pick<RepSummary, 'firstName' | 'lastName'>) => `${rep.firstName} ${rep.lastName}`.trim();

type Done = (message: string) => void;

/** An address that may break after its @ (a narrow column), not letter by letter. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** What an action's answer means for the page: a notice, sign-in, or the error it shows. */
function useOutcome() {
  const { t } = useTranslation();
  const sendToSignIn = useSendToSignIn();
  return <T,>(result: RepsSent<T>, onOk: (data: T) => void, onDone: Done) => {
    if (result.kind === 'signedOut') return sendToSignIn();
    if (result.kind === 'ok') return onOk(result.data);
    onDone(t(result.kind === 'forbidden' ? 'staff.noAccess.title' : 'errorsGlobal.temporarilyUnavailableService'));
  };
}

function DisableOrEnable({ rep, onDone }: { rep: RepSummary; onDone: Done }) {
  const { t } = useTranslation();
  const outcome = useOutcome();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = nameOf(rep);

  if (rep.disabled) {
    const enable = async () => {
      setBusy(true);
      const result = await enableRep(rep.id);
      setBusy(false);
      outcome(result, () => onDone(t('reps.enabled', { name })), onDone);
    };
    return (
      <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => void enable()} disabled={busy}>
        {t('reps.enable')} <span className="visually-hidden">{name}</span>
      </button>
    );
  }
  if (!confirming) {
    return (
      <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setConfirming(true)}>
        {t('reps.disable')} <span className="visually-hidden">{name}</span>
      </button>
    );
  }
  const disable = async () => {
    setBusy(true);
    const result = await disableRep(rep.id);
    setBusy(false);
    setConfirming(false);
    outcome(result, () => onDone(t('reps.disabled', { name })), onDone);
  };
  const question = t('reps.confirmDisable', { name });
  return (
    <div role="group" aria-label={question} className="staff-reps__confirm">
      <p className="pc-body">
        <strong>{question}</strong>
      </p>
      <p className="pc-body">{t('reps.confirmDisableDetail', { count: rep.pharmacies })}</p>
      <div className="pc-button-group">
        <button type="button" className="pc-button pc-button--warning staff-table__action" onClick={() => void disable()} disabled={busy} autoFocus>
          {t('reps.confirmDisableButton')}
        </button>
        <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setConfirming(false)} disabled={busy}>
          {t('reps.cancel')}
        </button>
      </div>
    </div>
  );
}

function MovePharmacies({ rep, others, onDone }: { rep: RepSummary; others: RepSummary[]; onDone: Done }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const outcome = useOutcome();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = nameOf(rep);
  if (rep.pharmacies === 0 || others.length === 0) return null;
  if (!open) {
    return (
      <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setOpen(true)}>
        {t('reps.move')} <span className="visually-hidden">{t('reps.moveWhose', { name })}</span>
      </button>
    );
  }
  const move = async () => {
    if (!to) return setError(errorText('validation.choose'));
    setBusy(true);
    const result = await moveRepPharmacies(rep.id, to);
    setBusy(false);
    if (result.kind === 'fieldErrors') return setError(errorText(result.errors.toRepId ?? 'validation.invalid'));
    const target = others.find((other) => other.id === to);
    outcome(result, (data) => onDone(t('reps.moved', { count: data.moved, from: name, to: target ? nameOf(target) : '' })), onDone);
  };
  return (
    <form
      className="staff-reps__move"
      aria-label={t('reps.moveTitle', { count: rep.pharmacies, name })}
      onSubmit={(event) => {
        event.preventDefault();
        void move();
      }}
      noValidate
    >
      <Select
        name={`move-to-${rep.id}`}
        label={t('reps.moveTo', { count: rep.pharmacies, name })}
        placeholder={t('reps.chooseRep')}
        options={others.map((other) => ({ value: other.id, label: nameOf(other) }))}
        value={to}
        error={error}
        autoFocus
        onChange={(event) => {
          setTo(event.target.value);
          setError(undefined);
        }}
      />
      <div className="pc-button-group">
        <button type="submit" className="pc-button staff-table__action" disabled={busy}>
          {t('reps.moveButton')}
        </button>
        <button type="button" className="pc-button pc-button--secondary staff-table__action" onClick={() => setOpen(false)} disabled={busy}>
          {t('reps.cancel')}
        </button>
      </div>
    </form>
  );
}

function JoinsDigestSetting({ areaManagerId, on, onSaved }: { areaManagerId: string; on: boolean; onSaved: Done }) {
  const { t } = useTranslation();
  const outcome = useOutcome();
  const [checked, setChecked] = useState(on);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setChecked(next);
    setBusy(true);
    const result = await setJoinsDigest(areaManagerId, next);
    setBusy(false);
    outcome(
      result,
      (data) => onSaved(t(data.joinsDigest ? 'reps.digestOn' : 'reps.digestOff')),
      (message) => {
        setChecked(!next);
        onSaved(message);
      },
    );
  };
  return (
    <section className="staff-reps__setting" aria-labelledby="joins-digest-title">
      <h2 id="joins-digest-title" className="pc-heading-m">
        {t('reps.digestTitle')}
      </h2>
      <Checkbox
        name="joinsDigest"
        label={t('reps.digestLabel')}
        hint={t('reps.digestHint')}
        checked={checked}
        disabled={busy}
        onChange={(event) => void change(event.target.checked)}
      />
    </section>
  );
}

export function AreaManagerRepsPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const { areaManagerId = '' } = useParams();
  const user = useStaffUser();
  const [state, reload] = useStaffLoad((signal) => getRepSummaries(areaManagerId, signal), [areaManagerId], { keepWhileReloading: true });
  const [notice, setNotice] = useState<string | null>(null);
  usePageTitle('reps.title');
  const own = ownAreaManagerId(user) === areaManagerId;

  if (state.kind === 'forbidden') return <NoAccess />;
  if (state.kind === 'failed') return <ErrorView message={t('staff.networkError')} />;

  const done = (message: string) => {
    setNotice(message);
    reload();
  };
  const date = new Intl.DateTimeFormat(config.language, { dateStyle: 'medium' });
  const reps = state.kind === 'ok' ? state.data.reps : [];
  return (
    <div className="staff-page staff-reps">
      <h1 className="pc-heading-l">{t(own ? 'reps.ownTitle' : 'reps.title')}</h1>
      <div className="pc-button-group staff-actions">
        <Link className="pc-button" to={localPath(routePath('areaManagerAddRep', { areaManagerId }))}>
          {t('staff.areaManagerHome.addRep')}
        </Link>
        <Link className="pc-button pc-button--secondary" to={localPath(routePath('areaManagerHome', { areaManagerId }))}>
          {t('reps.toPharmacies')}
        </Link>
      </div>
      <p role="status" className={notice ? 'staff-notice' : 'visually-hidden'}>
        {notice ?? ''}
      </p>
      {state.kind === 'loading' ? (
        <Spinner label={t('reps.loading')} />
      ) : reps.length === 0 ? (
        <p className="pc-body">{t('reps.empty')}</p>
      ) : (
        <>
          <p className="pc-body">{t('reps.periods', { week: date.format(new Date(state.data.weekStart)) })}</p>
          <StaffTable
            id="reps-caption"
            caption={t('reps.caption', { count: reps.length })}
            rows={reps}
            columns={[
              {
                label: t('reps.name'),
                cell: (rep) => (
                  <>
                    {nameOf(rep)}
                    {rep.disabled ? <span className="staff-reps__tag"> {t('reps.isDisabled')}</span> : null}
                    <span className="staff-reps__email">
                      <span className="visually-hidden">, {t('reps.email')}: </span>
                      <EmailAddress email={rep.email} />
                    </span>
                  </>
                ),
              },
              { label: t('reps.pharmacies'), cell: (rep) => rep.pharmacies, className: 'staff-reps__number' },
              { label: t('reps.visitsWeek'), cell: (rep) => rep.visitsThisWeek, className: 'staff-reps__number' },
              { label: t('reps.visitsMonth'), cell: (rep) => rep.visitsThisMonth, className: 'staff-reps__number' },
              { label: t('reps.joinsMonth'), cell: (rep) => rep.joinsThisMonth, className: 'staff-reps__number' },
              { label: t('reps.lastVisit'), cell: (rep) => (rep.lastVisitAt ? date.format(new Date(rep.lastVisitAt)) : t('reps.never')) },
              {
                label: t('staff.mainAdmin.actions'),
                hiddenLabel: true,
                className: 'staff-reps__actions',
                cell: (rep) => (
                  <div className="staff-reps__buttons">
                    <DisableOrEnable rep={rep} onDone={done} />
                    <MovePharmacies rep={rep} others={reps.filter((other) => other.id !== rep.id && !other.disabled)} onDone={done} />
                  </div>
                ),
              },
            ]}
          />
        </>
      )}
      {state.kind === 'ok' ? (
        <JoinsDigestSetting key={String(state.data.joinsDigest)} areaManagerId={areaManagerId} on={state.data.joinsDigest} onSaved={setNotice} />
      ) : null}
    </div>
  );
}

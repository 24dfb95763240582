// /my-data/{token}, the page behind the e-mailed data-rights link (issues 13, 23): what we hold for
// the mailbox (applications, field records, drafts, e-mails, consents), a download of all of it as
// JSON, and erasure after a confirmation.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LANGUAGE_TAG, MARKETS } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';
import { useLinkAnswer } from '../../lib/use-link-answer.ts';
import { eraseMyData, getMyData } from '../../lib/api/applicant-links.ts';
import { ErrorView } from '../../components/error-view.tsx';
import { LinkNotValidView } from '../../components/link-not-valid-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SummaryList } from '../../components/summary-list.tsx';
import { SupportSentence } from '../../components/support-sentence.tsx';
import './data-rights.css';

function download(data: MyDataExport) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function MyDataPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { config } = useSite();
  const localPath = useLocalPath();
  const [state, setState] = useLinkAnswer<MyDataExport, { kind: 'erased' }>(token, getMyData);
  // The "link not valid" view sets its own.
  useDocumentTitle(state.kind === 'notValid' ? null : `${t('myData.page.title')} – ${config.productName}`);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.kind === 'erased' || state.kind === 'ready') heading.current?.focus();
  }, [state.kind]);
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  if (state.kind === 'loading') return <Spinner label={t('myData.page.loading')} />;
  if (state.kind === 'failed') return <ErrorView />;
  if (state.kind === 'notValid') return <LinkNotValidView kind="data" newLinkPath={routePath('myDataRequest')} />;
  if (state.kind === 'erased') {
    return (
      <div className="pc-my-data">
        <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
          {t('myData.erased.title')}
        </h1>
        <p className="pc-body">{t('myData.erased.body')}</p>
        <p className="pc-body">
          <Link to={localPath('/')}>{t('components.errorView.home')}</Link>
        </p>
      </div>
    );
  }

  const { data } = state;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(LANGUAGE_TAG[config.language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: MARKETS[config.country].timeZone,
    });
  const email = config.operator.supportEmail;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : '–');

  const erase = async () => {
    setErasing(true);
    const outcome = await eraseMyData(token).catch(() => 'failed' as const);
    setErasing(false);
    setConfirming(false);
    setState(outcome === 'erased' ? { kind: 'erased' } : outcome === 'notValid' ? { kind: 'notValid' } : { kind: 'failed' });
  };

  return (
    <div className="pc-my-data">
      <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
        {t('myData.page.title')}
      </h1>
      <p className="pc-body">{t('myData.page.intro', { date: date(data.linkExpiresAt) })}</p>
      {data.otherSpellings ? <p className="pc-body">{t('myData.page.otherSpellings')}</p> : null}
      {data.applications.map((a) => (
        <section key={a.id} aria-label={t('myData.page.application')}>
          <h2 className="pc-heading-m">{a.reference ? t('myData.page.applicationWithReference', { reference: a.reference }) : t('myData.page.application')}</h2>
          <SummaryList
            changeText=""
            rows={[
              { key: t('myData.fields.name'), value: `${a.firstName} ${a.lastName}` },
              { key: t('myData.fields.email'), value: a.email },
              { key: t('myData.fields.registration'), value: `${a.registrationBody} ${a.registrationNumber}` },
              { key: t('myData.fields.pharmacy'), value: a.pharmacy ? `${a.pharmacy.name}, ${a.pharmacy.address}` : '–' },
              { key: t('myData.fields.status'), value: t([`myData.status.${a.status}`, 'myData.status.other']) },
              { key: t('myData.fields.submitted'), value: date(a.submittedAt) },
              { key: t('myData.fields.files'), value: t('myData.fields.filesCount', { count: a.files.length }) },
            ]}
          />
        </section>
      ))}
      {data.fieldRecords.map((r) => (
        <section key={r.id} aria-label={t('myData.page.fieldRecord')}>
          <h2 className="pc-heading-m">{t('myData.page.fieldRecord')}</h2>
          <SummaryList
            changeText=""
            rows={[
              { key: t('myData.fields.name'), value: `${text(r.answers.firstName)} ${text(r.answers.lastName)}` },
              { key: t('myData.fields.email'), value: text(r.answers.email) },
              { key: t('myData.fields.pharmacy'), value: `${r.pharmacyName}, ${r.address}` },
              { key: t('myData.fields.recorded'), value: date(r.recordedAt) },
              {
                key: t('myData.fields.confirmation'),
                value: r.confirmedAt ? t('myData.fieldStatus.confirmed', { date: date(r.confirmedAt) }) : t('myData.fieldStatus.awaiting'),
              },
            ]}
          />
        </section>
      ))}
      <h2 className="pc-heading-m">{t('myData.page.other')}</h2>
      <SummaryList
        changeText=""
        rows={[
          { key: t('myData.fields.drafts'), value: t('myData.fields.draftsCount', { count: data.drafts.length }) },
          { key: t('myData.fields.emails'), value: t('myData.fields.emailsCount', { count: data.emails.length }) },
          { key: t('myData.fields.consents'), value: t('myData.fields.consentsCount', { count: data.consents.length }) },
        ]}
      />

      <section aria-labelledby="my-data-download">
        <h2 id="my-data-download" className="pc-heading-m">
          {t('myData.download.title')}
        </h2>
        <p className="pc-body">{t('myData.download.body')}</p>
        <button type="button" className="pc-button" onClick={() => download(data)}>
          {t('myData.download.button')}
        </button>
      </section>

      <section aria-labelledby="my-data-erase">
        <h2 id="my-data-erase" className="pc-heading-m">
          {t('myData.erase.title')}
        </h2>
        <p className="pc-body">{t('myData.erase.body')}</p>
        {confirming ? (
          <div className="pc-my-data__confirm" role="group" aria-labelledby="my-data-confirm">
            <h3 id="my-data-confirm" ref={confirmHeading} tabIndex={-1} className="pc-heading-m">
              {t('myData.erase.confirmTitle')}
            </h3>
            <p className="pc-body">{t('myData.erase.confirmBody')}</p>
            <div className="pc-button-group">
              <button type="button" className="pc-button pc-button--warning" onClick={() => void erase()} disabled={erasing}>
                {t('myData.erase.confirmButton')}
              </button>
              <button type="button" className="pc-button pc-button--secondary" onClick={() => setConfirming(false)} disabled={erasing}>
                {t('myData.erase.cancel')}
              </button>
              {erasing ? <Spinner inline label={t('myData.erase.erasing')} /> : null}
            </div>
          </div>
        ) : (
          <button type="button" className="pc-button pc-button--warning" onClick={() => setConfirming(true)}>
            {t('myData.erase.button')}
          </button>
        )}
      </section>
      {email ? (
        <p className="pc-body pc-my-data__support">
          <SupportSentence i18nKey="myData.page.support" />
        </p>
      ) : null}
    </div>
  );
}

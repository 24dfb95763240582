// /admin/review/{id}: one application as the reviewer needs it: every field in its form's order,
// the photo, the certificate (downloadable only here), the place on the map, the history of
// decisions, and the actions.
import { ConsentRecords } from './consent-records.tsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { pathOf } from '#shared/api/contract.ts';
import { routePath } from '#shared/routes.ts';
import type { ReviewDetail } from '#shared/schemas/review.ts';
import { ErrorView } from '../../../components/error-view.tsx';
import { MapView } from '../../../components/map-view.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocalPath, useSite } from '../../../lib/site-context.tsx';
import { NoAccess } from '../session/no-access.tsx';
import { usePageTitle } from '../shared/use-page-title.ts';
import { getApplication } from './api/review-api.ts';
import { useAnswerText, useFieldLabel } from './answer-text.ts';
import { ReviewChecks } from './review-checks.tsx';
import { ClaimBanner } from './claim-banner.tsx';
import { DecisionForm } from './decision-form.tsx';
import { InternalNoteForm } from './internal-note-form.tsx';
import { ReviewHistory } from './review-history.tsx';
import { ReviewNav } from './review-nav.tsx';
import { useDateFormat } from './use-date-format.ts';
import { erasedName } from './erased-name.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { WaitingAge } from './waiting-age.tsx';
import './review.css';

function Detail({ detail, reload }: { detail: ReviewDetail; reload: () => void }) {
  const { t } = useTranslation();
  const { config } = useSite();
  const label = useFieldLabel(detail.formTexts);
  const answer = useAnswerText({ [detail.place.placeId]: detail.place });
  const formatDate = useDateFormat();
  const formatTime = useDateFormat(true);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const name = detail.status === 'erased' ? erasedName(t, detail.reference) : `${detail.firstName} ${detail.lastName}`;

  const announce = (message: string) => {
    setNotice(message);
    reload();
  };

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  return (
    <article className="review-detail" aria-labelledby="review-detail-title">
      <h1 id="review-detail-title" className="pc-heading-l">
        {name}
      </h1>
      <p ref={noticeRef} tabIndex={-1} role="status" className={notice ? 'staff-notice' : 'visually-hidden'}>
        {notice ?? ''}
      </p>
      {/* Markets decide what the queue opens on, not what may be read (decision 0066). */}
      {detail.outsideYourMarkets ? (
        <p className="review-outside">{t('review.detail.outsideYourMarkets', { market: t(`review.market.${detail.market}`) })}</p>
      ) : null}
      <dl>
        <dt>{t('review.columns.status')}</dt>
        <dd>{t(`review.status.${detail.status}`)}</dd>
        <dt>{t('review.columns.market')}</dt>
        <dd>
          {t(`review.market.${detail.market}`)} ({t(`review.language.${detail.language}`)})
        </dd>
        <dt>{t('review.columns.submitted')}</dt>
        <dd>{formatDate(detail.submittedAt)}</dd>
        {detail.clock ? (
          <>
            <dt>{t('review.columns.due')}</dt>
            <dd>
              <WaitingAge item={detail} />
            </dd>
          </>
        ) : null}
        {detail.signedInFieldBy ? (
          <>
            <dt>{t('review.columns.source')}</dt>
            <dd>{t('review.signedInField', { name: detail.signedInFieldBy })}</dd>
          </>
        ) : null}
      </dl>

      {/* Only an application waiting for a reviewer is claimed: a decided one is not being reviewed. */}
      {detail.status === 'submitted' ? <ClaimBanner applicationId={detail.id} claim={detail.claim} onChanged={announce} /> : null}

      <ReviewChecks applicationId={detail.id} formTexts={detail.formTexts} />

      <h2 className="pc-heading-m">{t('review.detail.answers')}</h2>
      <dl>
        {detail.fields.map((field) => (
          <div key={field.name} className="review-pair">
            <dt>{label(field)}</dt>
            <dd>{answer(field.name, field.value)}</dd>
          </div>
        ))}
      </dl>

      <h2 className="pc-heading-m">{t('review.detail.photo')}</h2>
      {detail.photoUrl ? (
        <img className="review-photo" src={detail.photoUrl} alt={t('review.detail.photoOf', { name })} width={200} height={200} />
      ) : (
        <p className="pc-body">{t('review.detail.noPhoto')}</p>
      )}

      <h2 className="pc-heading-m">{t('review.detail.certificate')}</h2>
      {detail.certificateFileIds.length ? (
        <ul>
          {detail.certificateFileIds.map((id, index) => (
            <li key={id}>
              <a href={pathOf(StaffApi.certificate, { fileId: id })} download>
                {t('review.detail.downloadCertificate', { number: index + 1 })}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="pc-body">{t('review.detail.noCertificate')}</p>
      )}

      <h2 className="pc-heading-m">{t('review.detail.place')}</h2>
      <p className="pc-body">
        {detail.place.name}
        <br />
        {detail.place.address}
      </p>
      <MapView
        country={detail.market}
        marker={{ lat: detail.place.lat, lng: detail.place.lng }}
        tilesUrl={config.mapTilesUrl}
        attribution={config.mapAttribution}
        label={t('review.detail.mapLabel', { name: detail.place.name })}
        markerTitle={detail.place.name}
      />

      <ReviewHistory history={detail.history} erased={detail.status === 'erased'} />
      {detail.status !== 'erased' ? <InternalNoteForm applicationId={detail.id} onAdded={announce} /> : null}

      <ConsentRecords
        consents={detail.consents}
        formatTime={formatTime}
        label={label}
        textsOf={(name) => detail.fields.find((field) => field.name === name)?.texts ?? detail.formTexts}
      />

      <DecisionForm
        applicationId={detail.id}
        applicantName={name}
        decisions={detail.decisions}
        claimedBy={detail.claim && !detail.claim.mine ? detail.claim.by : null}
        onDecided={announce}
      />
    </article>
  );
}

export function ReviewDetailPage() {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const { applicationId = '' } = useParams();
  const [state, reload] = useStaffLoad((signal) => getApplication(applicationId, signal), [applicationId]);
  usePageTitle('review.detail.title');
  const [shown, setShown] = useState<ReviewDetail | null>(null);

  useEffect(() => {
    if (state.kind === 'ok') setShown(state.data);
  }, [state]);

  if (state.kind === 'forbidden') return <NoAccess />;
  return (
    <div className="staff-page review-page">
      <ReviewNav />
      <p className="pc-body">
        <Link to={localPath(routePath('review'))}>{t('review.detail.back')}</Link>
      </p>
      {shown ? <Detail detail={shown} reload={reload} /> : null}
      {!shown && state.kind === 'loading' ? <Spinner label={t('review.detail.loading')} /> : null}
      {state.kind === 'notFound' ? <ErrorView message={t('review.detail.notFound')} /> : null}
      {state.kind === 'failed' ? <ErrorView message={t('staff.networkError')} /> : null}
    </div>
  );
}

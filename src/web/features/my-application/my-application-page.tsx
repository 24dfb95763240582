// /my-application/{token}, the page behind the status link of the "application received" e-mail
// (issue 25 item 5): the reference, where the application stands in plain words, the expected dates
// (a decision in about 4 weeks, support after 6: issue 41's decision clock, counted by the server;
// past 6 weeks it asks the applicant to write to support), and what to do next for each status. It shows
// nothing personal, so the link is no key to the application: changes go through the e-mailed
// edit link or a new one (decision 0029).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathOf } from '#shared/api/contract.ts';
import * as MyApplicationApi from '#shared/api/my-application-endpoints.ts';
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from '#shared/limits.ts';
import { LANGUAGE_TAG, MARKETS } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import type { ApplicantStatus } from '#shared/schemas/my-application.ts';
import { getMyApplication } from '../../lib/api/my-application.ts';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';
import { useLinkAnswer } from '../../lib/use-link-answer.ts';
import { dayContext } from '../../lib/day-context.ts';
import { ErrorView } from '../../components/error-view.tsx';
import { LinkNotValidView } from '../../components/link-not-valid-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SummaryList } from '../../components/summary-list.tsx';
import { SupportSentence } from '../../components/support-sentence.tsx';
import './my-application.css';

const STAGES = ['received', 'review', 'decision'] as const;
/** Which of the three stages an application is at. */
const STAGE_OF: Record<ApplicantStatus, number> = { submitted: 0, in_review: 1, changes_requested: 1, approved: 2, not_approved: 2, deactivated: 2 };
/** Still waiting for a decision: the expected dates are shown. */
const WAITING: readonly ApplicantStatus[] = ['submitted', 'in_review'];

export function MyApplicationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { config } = useSite();
  const localPath = useLocalPath();
  const [state] = useLinkAnswer(token, getMyApplication);
  // The "link not valid" view sets its own.
  useDocumentTitle(state.kind === 'notValid' ? null : `${t('myApplication.title')} – ${config.productName}`);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.kind === 'ready') heading.current?.focus();
  }, [state.kind]);

  // Private: never in a search engine's index (the server says so too, with X-Robots-Tag).
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  if (state.kind === 'loading') return <Spinner label={t('myApplication.loading')} />;
  if (state.kind === 'failed') return <ErrorView />;
  if (state.kind === 'notValid') return <LinkNotValidView texts="myApplication.linkNotValid" newLinkPath={routePath('updateLinkRequest')} />;

  const { data } = state;
  const date = (at: Date | string) =>
    new Date(at).toLocaleDateString(LANGUAGE_TAG[config.language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: MARKETS[config.country].timeZone,
    });
  const submitted = new Date(data.submittedAt);
  // The clock's dates are days in the application's market (YYYY-MM-DD), shown as they are.
  const day = (iso: string) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString(LANGUAGE_TAG[config.language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const late = data.clock?.contactSupport === true;
  const decided = data.decidedAt ? date(data.decidedAt) : '';
  const stage = STAGE_OF[data.status];
  const reference = data.reference ?? '';

  return (
    <div className="pc-my-application">
      <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
        {t('myApplication.title')}
      </h1>
      {data.reference ? (
        <>
          <p className="pc-body pc-my-application__reference">{t('myApplication.reference', { reference: data.reference })}</p>
          <p className="pc-body">
            <a href={pathOf(MyApplicationApi.myApplicationCopy, { token })} download>
              {t('myApplication.copy.download')}
            </a>
          </p>
        </>
      ) : null}

      <ol className="pc-my-application__stages" aria-label={t('myApplication.stages.label')}>
        {STAGES.map((name, index) => (
          <li
            key={name}
            className={`pc-my-application__stage${index < stage ? ' pc-my-application__stage--done' : index === stage ? ' pc-my-application__stage--current' : ''}`}
            aria-current={index === stage ? 'step' : undefined}
          >
            {t(`myApplication.stages.${name}`)}
            {index < stage ? <span className="visually-hidden"> {t('myApplication.stages.done')}</span> : null}
          </li>
        ))}
      </ol>

      <section
        className={`pc-my-application__status pc-my-application__status--${data.status}${late ? ' pc-my-application__status--late' : ''}`}
        aria-labelledby="my-application-status"
      >
        <h2 id="my-application-status" className="pc-heading-m">
          {t(`myApplication.status.${data.status}.title`)}
        </h2>
        <p className="pc-body">
          {t(`myApplication.status.${data.status}.body`, {
            date: decided,
            submitted: date(submitted),
            context: dayContext(data.status === 'submitted' ? date(submitted) : decided),
          })}
        </p>
        {late ? (
          <p className="pc-body">
            <strong>
              {config.operator.supportEmail ? (
                <SupportSentence
                  i18nKey={reference ? 'myApplication.late.support' : 'myApplication.late.supportNoReference'}
                  values={{ reference, weeks: CONTACT_SUPPORT_AFTER_WEEKS }}
                />
              ) : (
                t('myApplication.late.supportNoEmail', { weeks: CONTACT_SUPPORT_AFTER_WEEKS })
              )}
            </strong>
          </p>
        ) : null}
        {data.status === 'changes_requested' ? (
          <>
            <p className="pc-body">{t('myApplication.status.changes_requested.next')}</p>
            <p className="pc-body">
              <Link className="pc-button" to={localPath(routePath('updateLinkRequest'))}>
                {t('myApplication.status.changes_requested.newLink')}
              </Link>
            </p>
          </>
        ) : null}
        {data.status === 'approved' ? (
          <p className="pc-body">
            <Link className="pc-button" to={localPath(data.listingId ? routePath('finderListing', { listingId: data.listingId }) : routePath('finder'))}>
              {t('myApplication.status.approved.listing')}
            </Link>
          </p>
        ) : null}
      </section>

      <h2 className="pc-heading-m">{t('myApplication.dates.title')}</h2>
      <SummaryList
        changeText=""
        rows={[
          { key: t('myApplication.dates.submitted'), value: date(submitted) },
          ...(WAITING.includes(data.status)
            ? data.clock
              ? [
                  {
                    key: t('myApplication.dates.decisionBy'),
                    value: t('myApplication.dates.decisionByValue', {
                      date: day(data.clock.dueBy),
                      weeks: DECISION_WEEKS,
                      context: dayContext(day(data.clock.dueBy)),
                    }),
                  },
                  {
                    key: t('myApplication.dates.contactFrom'),
                    value: t('myApplication.dates.contactFromValue', {
                      date: day(data.clock.supportAfter),
                      weeks: CONTACT_SUPPORT_AFTER_WEEKS,
                      context: dayContext(day(data.clock.supportAfter)),
                    }),
                  },
                ]
              : []
            : [{ key: t(`myApplication.status.${data.status}.when`), value: decided }]),
          ...(data.linkExpiresAt ? [{ key: t('myApplication.dates.linkUntil'), value: date(data.linkExpiresAt) }] : []),
        ]}
      />

      <p className="pc-body">
        {config.operator.supportEmail ? (
          <SupportSentence i18nKey={reference ? 'myApplication.support' : 'myApplication.supportNoReference'} values={{ reference }} />
        ) : (
          t('myApplication.supportNoEmail')
        )}
      </p>
    </div>
  );
}

// /admin/privacy (issue 42 item 4): the main admin's record of processing (GDPR art. 30) and
// retention schedule, as the server derives it from the data map and its settings, in the page's
// language: the controller, the processors the settings name, and for each kind of personal data
// whose it is, why, on what basis, for how long, who receives it and whether export and erasure
// cover it. Read only; 403 for everyone else.
import { useTranslation } from 'react-i18next';
import type { RecordEntry, RetentionRule } from '#shared/schemas/privacy.ts';
import { ErrorView } from '../../../../components/error-view.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { NoAccess } from '../../session/no-access.tsx';
import { ReviewNav } from '../../review/review-nav.tsx';
import { StaffTable } from '../../shared/staff-table.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useStaffLoad } from '../../shared/use-staff-load.ts';
import { getProcessingRecord } from './api/get-processing-record.ts';
import '../../review/review.css';
import './privacy-record.css';

function useRetentionText() {
  const { t } = useTranslation();
  return (rule: RetentionRule, value: number | null) => {
    if ('setting' in rule) return t(`privacyRecord.retention.${rule.setting}`, { count: value ?? 0 });
    if ('fixed' in rule) return t(`privacyRecord.retention.${rule.fixed.unit}`, { count: rule.fixed.amount });
    return t('whileActive' in rule ? 'privacyRecord.retention.whileActive' : 'privacyRecord.retention.noLimit');
  };
}

const rightsKey = (entry: RecordEntry) => (entry.exported ? (entry.erased ? 'both' : 'exportedOnly') : entry.erased ? 'erasedOnly' : 'neither');

export function PrivacyRecordPage() {
  const { t } = useTranslation();
  const retentionText = useRetentionText();
  const [state] = useStaffLoad(getProcessingRecord, []);
  usePageTitle('privacyRecord.title');

  if (state.kind === 'forbidden') return <NoAccess />;
  const rows = state.kind === 'ok' ? state.data.entries.map((entry) => ({ ...entry, id: entry.columns.join(' ') })) : [];
  return (
    <div className="staff-page review-page privacy-record">
      <ReviewNav />
      <h1 className="pc-heading-l">{t('privacyRecord.title')}</h1>
      <p className="pc-body">{t('privacyRecord.intro')}</p>
      {state.kind === 'loading' ? <Spinner label={t('privacyRecord.loading')} /> : null}
      {state.kind === 'failed' ? <ErrorView message={t('staff.networkError')} /> : null}
      {state.kind === 'ok' ? (
        <>
          <section aria-labelledby="privacy-controller">
            <h2 id="privacy-controller" className="pc-heading-m">
              {t('privacyRecord.controller.title')}
            </h2>
            <p className="pc-body">
              {state.data.controller.company}, {state.data.controller.address}
              <br />
              {t('privacyRecord.controller.dpo', { email: state.data.controller.dpoEmail })}
            </p>
          </section>
          <section aria-labelledby="privacy-processors">
            <h2 id="privacy-processors" className="pc-heading-m">
              {t('privacyRecord.processors.title')}
            </h2>
            <dl className="privacy-record__processors">
              {state.data.processors.map((processor) => (
                <div key={processor.role}>
                  <dt>{t(`privacyRecord.processor.${processor.role}`)}</dt>
                  <dd>{processor.name ?? t('privacyRecord.processors.none')}</dd>
                </div>
              ))}
            </dl>
          </section>
          <h2 className="pc-heading-m">{t('privacyRecord.entries.title')}</h2>
          <StaffTable
            id="privacy-record-caption"
            caption={t('privacyRecord.entries.caption', { count: rows.length })}
            rows={rows}
            columns={[
              { label: t('privacyRecord.entries.subject'), cell: (e) => t(`privacyRecord.subject.${e.subject}`) },
              {
                label: t('privacyRecord.entries.category'),
                cell: (e) => (
                  <>
                    {t(`privacyRecord.category.${e.category}`)}
                    <details className="privacy-record__columns">
                      <summary>{t('privacyRecord.entries.columns', { count: e.columns.length })}</summary>
                      <ul>
                        {e.columns.map((column) => (
                          <li key={column}>
                            <code>{column}</code>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </>
                ),
              },
              { label: t('privacyRecord.entries.purpose'), cell: (e) => t(`privacyRecord.purpose.${e.purpose}`) },
              { label: t('privacyRecord.entries.basis'), cell: (e) => t(`privacyRecord.basis.${e.basis}`) },
              {
                label: t('privacyRecord.entries.retention'),
                cell: (e) => retentionText(e.retention, e.retentionValue),
                className: 'privacy-record__retention',
              },
              {
                label: t('privacyRecord.entries.recipients'),
                cell: (e) => (
                  <>
                    {e.recipients.map((r) => t(`privacyRecord.recipient.${r}`)).join(', ')}
                    <br />
                    <span className="review-muted">
                      {t('privacyRecord.entries.processorsOf', { processors: e.processors.map((p) => t(`privacyRecord.processor.${p}`)).join(', ') })}
                    </span>
                  </>
                ),
              },
              { label: t('privacyRecord.entries.rights'), cell: (e) => t(`privacyRecord.rights.${rightsKey(e)}`) },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}

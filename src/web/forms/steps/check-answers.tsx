// Step 3's "check your answers": steps 1 and 2 as summary lists, each row with a Change link
// back to its step (query parameters kept, the field as #fragment).
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocalPath } from '../../lib/site-context.tsx';
import { SummaryList, type SummaryRow } from '../../components/summary-list.tsx';
import type { StoredAnswers, StoredMeta } from '../answers-store.ts';
import { useFormText } from '../form-text.tsx';
import { stepPath } from '../runner/values.ts';

export function CheckAnswers({ answers, meta, editing }: { answers: StoredAnswers; meta: StoredMeta; editing: boolean }) {
  const { t } = useTranslation();
  const fieldText = useFormText();
  const { search } = useLocation();
  const localPath = useLocalPath();
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : '');
  const yesNo = (value: unknown) =>
    value === 'yes' || value === true || value === 'true' ? t('form.yes') : value === 'no' || value === false || value === 'false' ? t('form.no') : '';
  const none = t('steps.check.notGiven');
  const row = (step: number, fieldId: string, value: string): SummaryRow => ({
    key: fieldText(`fieldNames.${fieldId}`),
    value: value || <span className="pc-hint">{none}</span>,
    change: `${localPath(stepPath(step, search))}#${fieldId}`,
  });
  const place = [text(answers.address)].filter(Boolean).join(', ');

  const step1: SummaryRow[] = [
    row(1, 'haveYouCompleted', yesNo(answers.haveYouCompleted)),
    row(1, 'file', meta.certificate?.name ?? (editing ? t('steps.check.certificateKept') : '')),
    row(1, 'photo', text(answers.photo) ? t('steps.check.photoUploaded') : t('steps.check.noPhoto')),
    row(1, 'placeId', place),
    row(1, 'whereYouWork', text(answers.whereYouWork)),
    row(1, 'services', text(answers.services)),
    row(1, 'email', text(answers.email)),
    row(1, 'firstName', text(answers.firstName)),
    row(1, 'lastName', text(answers.lastName)),
    row(1, 'bodyOfRegistration', text(answers.bodyOfRegistration)),
    row(1, 'professionalRegistrationNumber', text(answers.professionalRegistrationNumber)),
  ];
  const step2: SummaryRow[] = [
    row(2, 'isChecked', answers.isChecked === true ? t('steps.check.confirmed') : ''),
    row(2, 'willUpateGoogleMapsEntry', yesNo(answers.willUpateGoogleMapsEntry === true ? 'yes' : 'no')),
  ];

  return (
    <section aria-labelledby="section-check">
      <h2 id="section-check" className="pc-heading-m">
        {t('steps.check.heading')}
      </h2>
      <h3 className="pc-check__step">{t('steps.check.step', { step: 1, name: t('steps.names.1') })}</h3>
      <SummaryList rows={step1} changeText={t('steps.check.change')} />
      <h3 className="pc-check__step">{t('steps.check.step', { step: 2, name: t('steps.names.2') })}</h3>
      <SummaryList rows={step2} changeText={t('steps.check.change')} />
    </section>
  );
}

// The manager's list filters: a name or city search, a call flag and "due for a visit". Applied
// together with one button, so a screen reader hears one new result, not one per key stroke.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_FLAGS } from '#shared/reference/call-flags.ts';
import { Checkbox } from '../../../components/checkbox.tsx';
import { Select } from '../../../components/select.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import type { PharmacyFilters } from './api/area-manager-pharmacies.ts';

export function PharmacyFilterForm({ filters, onApply }: { filters: PharmacyFilters; onApply: (filters: PharmacyFilters) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(filters.q);
  const [callFlag, setCallFlag] = useState(filters.callFlag);
  const [due, setDue] = useState(filters.due);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: q.trim(), callFlag, due, page: 1 });
  };
  return (
    <form role="search" className="staff-filters" aria-label={t('staff.areaManagerHome.filters')} onSubmit={submit}>
      <TextInput
        name="q"
        type="search"
        label={t('staff.areaManagerHome.search')}
        hint={t('staff.areaManagerHome.searchHint')}
        value={q}
        maxLength={100}
        onChange={(e) => setQ(e.target.value)}
      />
      <Select
        name="callFlag"
        label={t('staff.areaManagerHome.callFlag')}
        placeholder={t('staff.areaManagerHome.anyFlag')}
        value={callFlag}
        onChange={(e) => setCallFlag(e.target.value)}
        options={CALL_FLAGS.map((flag) => ({ value: flag, label: t(`callFlag.${flag}`) }))}
      />
      <Checkbox name="due" label={t('staff.areaManagerHome.due')} checked={due} onChange={(e) => setDue(e.target.checked)} />
      <button type="submit" className="pc-button pc-button--secondary">
        {t('staff.areaManagerHome.apply')}
      </button>
    </form>
  );
}

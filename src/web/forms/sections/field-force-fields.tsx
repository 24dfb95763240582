// Fields of the Italian field force's forms (spec §2 screens 7, 11, 12; §4): the rep and the
// oncology status, city / region / province, the call outcome and month, the VAT number, and the
// numbered extra pharmacists.
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { CALL_FLAGS } from '#shared/reference/call-flags.ts';
import { ITALIAN_CITIES, ITALIAN_REGIONS, provincesOf } from '#shared/reference/italy.ts';
import { ONCOLOGY_STATUSES } from '#shared/reference/oncology-status.ts';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { repeatNumbers } from '#shared/forms/derive.ts';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { callApi } from '../../lib/api-client.ts';
import { useSite } from '../../lib/site-context.tsx';
import { Radios } from '../../components/radios.tsx';
import { Select } from '../../components/select.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { TextArea } from '../../components/text-area.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function useMonthOptions() {
  const { config } = useSite();
  const format = new Intl.DateTimeFormat(config.language, { month: 'long' });
  return MONTHS.map((m) => ({ value: String(m), label: format.format(new Date(2024, m - 1, 1)) }));
}

/** The reps of the form's area manager (the sales-rep choice of screen 7), else of the signed-in one. */
function useReps(): { value: string; label: string }[] {
  const [reps, setReps] = useState<{ value: string; label: string }[]>([]);
  const { getValues } = useFormContext();
  const ofForm = getValues('areaManagerId') as unknown;
  useEffect(() => {
    let live = true;
    void (async () => {
      const me = typeof ofForm === 'string' && ofForm ? null : await callApi(StaffApi.me).catch(() => null);
      const id = typeof ofForm === 'string' && ofForm ? ofForm : (me?.body?.data?.areaManagerId ?? me?.body?.data?.id);
      if (!id) return;
      const answer = await callApi(StaffApi.areaManagerReps, { request: { id } }).catch(() => null);
      const list = Array.isArray(answer?.body?.data) ? answer.body.data : [];
      if (live) setReps(list.map((rep) => ({ value: rep.nid, label: `${rep.firstName} ${rep.lastName}` })));
    })();
    return () => {
      live = false;
    };
  }, [ofForm]);
  return reps;
}

export function OncologyStatusField() {
  const { t } = useTranslation();
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError('oncStatus');
  return (
    <Select
      {...register('oncStatus')}
      label={text('oncStatus.label')}
      error={error}
      placeholder={text('oncStatus.placeholder')}
      options={ONCOLOGY_STATUSES.map((status) => ({ value: status, label: t(`oncStatus.${status}`) }))}
    />
  );
}

export function RepAssignmentSection() {
  const text = useFormText();
  const { register, getValues, setValue } = useFormContext();
  const reps = useReps();
  // A stored rep (the edit page) is shown once the options it names have arrived.
  useEffect(() => {
    if (reps.length) setValue('salesRep', getValues('salesRep'));
  }, [reps, getValues, setValue]);
  const error = useFieldError('salesRep');
  return (
    <>
      <h2 className="pc-heading-m">{text('sections.assignment')}</h2>
      <Select {...register('salesRep')} label={text('salesRep.label')} error={error} placeholder={text('salesRep.placeholder')} options={reps} />
      <OncologyStatusField />
    </>
  );
}

export function CityRegionProvinceSection() {
  const text = useFormText();
  const { register, control, setValue, getValues } = useFormContext();
  const region = useWatch({ control, name: 'region' }) as string;
  // A province set with its region (a city from the list, a stored record) shows once the region's provinces are listed.
  useEffect(() => {
    const prov = getValues('prov') as unknown;
    if (typeof prov === 'string' && prov) setValue('prov', prov);
  }, [region, getValues, setValue]);
  const cityError = useFieldError('city');
  const regionError = useFieldError('region');
  const provError = useFieldError('prov');
  const city = register('city', {
    onChange: (event: { target: { value: string } }) => {
      // A city from the list fills its region and province.
      const known = ITALIAN_CITIES.find((c) => c.name.toLowerCase() === event.target.value.trim().toLowerCase());
      if (known) {
        setValue('region', known.regionId);
        setValue('prov', known.provinceCode);
      }
    },
  });
  return (
    <>
      <TextInput {...city} label={text('city.label')} hint={text('city.hint')} error={cityError} list="pc-cities" autoComplete="off" maxLength={TEXT_MAX_LENGTH} />
      <datalist id="pc-cities">
        {ITALIAN_CITIES.map((c) => (
          <option key={c.name} value={c.name} />
        ))}
      </datalist>
      <Select
        {...register('region', { onChange: () => setValue('prov', '') })}
        label={text('region.label')}
        error={regionError}
        placeholder={text('region.placeholder')}
        options={ITALIAN_REGIONS.map((r) => ({ value: r.id, label: r.name }))}
      />
      <Select
        {...register('prov')}
        label={text('prov.label')}
        error={provError}
        placeholder={text('prov.placeholder')}
        options={provincesOf(region ?? '').map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
      />
    </>
  );
}

export function CallOutcomeSection() {
  const { t } = useTranslation();
  const text = useFormText();
  const { register, control } = useFormContext();
  const flag = useWatch({ control, name: 'callFlag' }) as string;
  const flagError = useFieldError('callFlag');
  const monthError = useFieldError('month');
  const months = useMonthOptions();
  return (
    <>
      <h2 className="pc-heading-m">{text('sections.visit')}</h2>
      <Radios {...register('callFlag')} legend={text('callFlag.legend')} error={flagError} selected={flag} options={CALL_FLAGS.map((value) => ({ value, label: t(`callFlag.${value}`) }))} />
      <Select {...register('month')} label={text('month.label')} error={monthError} placeholder={text('month.placeholder')} options={months} />
    </>
  );
}

export function JoinedUnifyFields() {
  const text = useFormText();
  const { register } = useFormContext();
  const pivaError = useFieldError('piva');
  const monthError = useFieldError('completionMonth');
  const months = useMonthOptions();
  return (
    <>
      <h2 className="pc-heading-m">{text('sections.joined')}</h2>
      <TextInput {...register('piva')} label={text('piva.label')} hint={text('piva.hint')} error={pivaError} inputMode="numeric" maxLength={11} className="pc-input--short" autoComplete="off" />
      <Select {...register('completionMonth')} label={text('completionMonth.label')} error={monthError} placeholder={text('month.placeholder')} options={months} />
      <OncologyStatusField />
    </>
  );
}

function ExtraPharmacist({ n, removable, onRemove }: { n: number; removable: boolean; onRemove: () => void }) {
  const text = useFormText();
  const { register } = useFormContext();
  const first = useFieldError(`firstName${n}`);
  const last = useFieldError(`lastName${n}`);
  const number = useFieldError(`professionalRegistrationNumber${n}`);
  const about = useFieldError(`anythingElseAboutYou${n}`);
  return (
    <fieldset className="pc-fieldset pc-form-group pc-extra-pharmacist">
      <legend className="pc-fieldset__legend">{text('extraPharmacists.legend', { number: n })}</legend>
      <input type="hidden" {...register(`bodyOfRegistration${n}`)} />
      <TextInput {...register(`firstName${n}`)} label={text('firstName.label')} error={first} autoComplete="off" maxLength={TEXT_MAX_LENGTH} />
      <TextInput {...register(`lastName${n}`)} label={text('lastName.label')} error={last} autoComplete="off" maxLength={TEXT_MAX_LENGTH} />
      <TextInput
        {...register(`professionalRegistrationNumber${n}`)}
        label={text('registrationNumber.label')}
        error={number}
        inputMode="numeric"
        maxLength={7}
        className="pc-input--short"
        autoComplete="off"
      />
      <TextArea {...register(`anythingElseAboutYou${n}`)} label={text('anythingElse.label')} error={about} />
      {removable ? (
        <button type="button" className="pc-button pc-button--secondary" onClick={onRemove}>
          {text('extraPharmacists.remove', { number: n })}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Numbered blocks from 2 (spec §3); only the last can be removed, so the numbers stay in order. */
export function ExtraPharmacistsSection() {
  const text = useFormText();
  const { getValues, setValue } = useFormContext();
  const section = sectionOf('extra-pharmacists');
  const { from, max } = section.repeat!;
  const [count, setCount] = useState(() => repeatNumbers(section, getValues()).length);
  const numbers = Array.from({ length: count }, (_, i) => from + i);
  const add = () => {
    const n = from + count;
    setValue(`bodyOfRegistration${n}`, REGISTRATION_BODY_IT);
    setCount(count + 1);
  };
  const remove = () => {
    const n = from + count - 1;
    for (const name of Object.keys(section.fields)) setValue(`${name}${n}`, '');
    setCount(count - 1);
  };
  return (
    <>
      <h2 className="pc-heading-m">{text('extraPharmacists.heading')}</h2>
      <p className="pc-body">{text('extraPharmacists.intro')}</p>
      {numbers.map((n, i) => (
        <ExtraPharmacist key={n} n={n} removable={i === numbers.length - 1} onRemove={remove} />
      ))}
      {from + count <= max ? (
        <button type="button" className="pc-button pc-button--secondary" onClick={add}>
          {text('extraPharmacists.add')}
        </button>
      ) : null}
    </>
  );
}

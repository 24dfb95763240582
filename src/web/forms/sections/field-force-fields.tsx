// Fields of the area manager's add-pharmacy form (spec §2 screen 7; §4): the rep and the oncology
// status, city / region / province. The rep's visit fields are in rep-visit-fields.tsx.
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { ITALIAN_CITIES, ITALIAN_REGIONS, provincesOf } from '#shared/reference/italy.ts';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { callApi } from '../../lib/api-client.ts';
import { Select } from '../../components/select.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';
import { OncologyStatusField } from './rep-visit-fields.tsx';

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
      <TextInput
        {...city}
        label={text('city.label')}
        hint={text('city.hint')}
        error={cityError}
        list="pc-cities"
        autoComplete="off"
        maxLength={TEXT_MAX_LENGTH}
      />
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

// The pharmacy: place search and map (set the hidden placeId, lat, lng and address), the
// pharmacy name, and the Google profile confirmation. A place we already know fills in the
// pharmacy name and services (spec §4); else the name is the search result's, when the provider
// has one and the applicant has not typed their own. Choosing another place clears what was filled in.
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { useSite } from '../../../lib/site-context.tsx';
import { PlaceSearch } from '../../../components/place-search.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { TextArea } from '../../../components/text-area.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { checkPharmacy } from '../../../lib/api/check-pharmacy.ts';
import type { Place } from '../../../lib/api/places-search.ts';
import { useFieldError } from '../use-field-error.ts';

export interface PharmacySectionProps {
  /** Whether the name was filled in from our records (prefill counts), so a new place clears it. */
  initiallyAutofilled?: boolean;
  askGoogleProfile?: boolean;
  /**
   * Show services as a text area with these texts (Italy, Germany); without them services is a
   * hidden field. Either way it is filled in from our records for a known place.
   */
  services?: { label: string; hint?: string };
  /** The map loads only after the visitor agrees (German market: third-party map tiles). */
  mapConsent?: { text: string; button: string };
}

export function PharmacySection({ initiallyAutofilled = false, askGoogleProfile = true, services, mapConsent }: PharmacySectionProps) {
  const { t } = useTranslation();
  const { config } = useSite();
  const { register, setValue, getValues, control, formState } = useFormContext();
  const [placeId, lat, lng, address, whereYouWork] = useWatch({ control, name: ['placeId', 'lat', 'lng', 'address', 'whereYouWork'] }) as [
    string,
    number | '',
    number | '',
    string,
    string,
  ];
  const placeError = useFieldError('placeId', 'lat', 'lng', 'address');
  const nameError = useFieldError('whereYouWork');
  const checkedError = useFieldError('isChecked');
  const servicesError = useFieldError('services');
  const nameFromRecords = useRef(initiallyAutofilled);
  const lookup = useRef(0);
  const [autofilled, setAutofilled] = useState(false);
  const nameField = register('whereYouWork', {
    onChange: () => {
      nameFromRecords.current = false;
      setAutofilled(false);
    },
  });

  const onSelect = async (place: Place) => {
    const validate = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    setValue('placeId', place.placeId, validate);
    setValue('lat', place.lat, validate);
    setValue('lng', place.lng, validate);
    setValue('address', place.address, validate);
    const ticket = ++lookup.current;
    const known = await checkPharmacy(place.placeId);
    if (ticket !== lookup.current) return;
    if (known) {
      setValue('whereYouWork', known.whereYouWork ?? '', validate);
      setValue('services', known.services ?? '', { shouldDirty: true });
      nameFromRecords.current = Boolean(known.whereYouWork);
      setAutofilled(Boolean(known.whereYouWork));
    } else {
      const typedName = !nameFromRecords.current && String(getValues('whereYouWork') ?? '').trim() !== '';
      if (!typedName) setValue('whereYouWork', place.name, place.name ? validate : { shouldDirty: true });
      setValue('services', '', { shouldDirty: true });
      nameFromRecords.current = !typedName && Boolean(place.name);
      setAutofilled(false);
    }
  };

  const marker = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;

  return (
    <section aria-labelledby="section-pharmacy">
      <h2 id="section-pharmacy" className="pc-heading-m">
        {t('form.sections.pharmacy')}
      </h2>
      <input type="hidden" {...register('placeId')} />
      <input type="hidden" {...register('lat')} />
      <input type="hidden" {...register('lng')} />
      <input type="hidden" {...register('address')} />
      {services ? null : <input type="hidden" {...register('services')} />}
      <PlaceSearch
        id="placeId"
        label={t('form.place.label')}
        hint={t('form.place.hint')}
        error={placeError}
        market={config.country}
        chosen={placeId && address ? { name: whereYouWork || undefined, address } : null}
        onSelect={(place) => void onSelect(place)}
        map={{ marker, tilesUrl: config.mapTilesUrl, attribution: config.mapAttribution, label: t('form.place.mapLabel'), consent: mapConsent }}
      />
      <TextInput
        {...nameField}
        label={t('form.whereYouWork.label')}
        hint={autofilled ? t('form.whereYouWork.autofilled') : undefined}
        error={nameError}
        autoComplete="organization"
        maxLength={TEXT_MAX_LENGTH}
      />
      {services ? <TextArea {...register('services')} label={services.label} hint={services.hint} error={servicesError} /> : null}
      {askGoogleProfile ? (
        <Checkbox {...register('isChecked')} label={t('form.isChecked.label')} hint={t('form.isChecked.hint')} error={checkedError} />
      ) : null}
    </section>
  );
}

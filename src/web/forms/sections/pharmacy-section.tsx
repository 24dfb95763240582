// The pharmacy: place search with its map (set the hidden placeId, lat, lng and address) and the
// pharmacy name. A place we already know fills in the pharmacy name and services (spec §4); else
// the name is the search result's, when the provider has one and the applicant has not typed their
// own. Choosing another place clears what was filled in. Services and the Google profile box are
// sections of their own (services-field.tsx).
import { useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { MARKETS } from '#shared/markets.ts';
import { useSite } from '../../lib/site-context.tsx';
import { PlaceSearch } from '../../components/place-search.tsx';
import { TextInput } from '../../components/text-input.tsx';
import { checkPharmacy } from '../../lib/api/check-pharmacy.ts';
import type { Place } from '../../lib/api/places-search.ts';
import { useFieldError } from '../use-field-error.ts';
import { useRunner } from '../runner-context.tsx';
import { useFormText, useHasFormText } from '../form-text.tsx';

/** `withName: false`: the place only (the rep's visit, whose pharmacy already has its name). */
export function PharmacySection({ withName = true }: { withName?: boolean }) {
  const { t } = useTranslation();
  const text = useFormText();
  const hasText = useHasFormText();
  const { prefilledName: initiallyAutofilled } = useRunner();
  const { config } = useSite();
  const { register, setValue, getValues, control } = useFormContext();
  const { isSubmitted } = useFormState({ control });
  const [placeId, lat, lng, address, whereYouWork] = useWatch({ control, name: ['placeId', 'lat', 'lng', 'address', 'whereYouWork'] }) as [
    string,
    number | '',
    number | '',
    string,
    string,
  ];
  const placeError = useFieldError('placeId', 'lat', 'lng', 'address');
  const nameError = useFieldError('whereYouWork');
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
    const validate = { shouldValidate: isSubmitted, shouldDirty: true };
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
        {text('sections.pharmacy')}
      </h2>
      <input type="hidden" {...register('placeId')} />
      <input type="hidden" {...register('lat')} />
      <input type="hidden" {...register('lng')} />
      <input type="hidden" {...register('address')} />
      <PlaceSearch
        id="placeId"
        label={text('place.label')}
        hint={text('place.hint')}
        error={placeError}
        market={config.country}
        chosen={placeId && address ? { name: whereYouWork || undefined, address } : null}
        onSelect={(place) => void onSelect(place)}
        manualTexts={hasText('manualAddress.toggle') ? { toggle: text('manualAddress.toggle'), heading: text('manualAddress.heading') } : undefined}
        map={{
          marker,
          tilesUrl: config.mapTilesUrl,
          attribution: config.mapAttribution,
          label: text('place.mapLabel'),
          // Germany asks before a tile server sees the visitor's address; without one (offline map) nothing leaves the site, so nothing to ask.
          consent:
            MARKETS[config.country].mapNeedsConsent && config.mapTilesUrl
              ? { text: t('steps.map.consentText'), button: t('steps.map.consentButton') }
              : undefined,
        }}
      />
      {withName ? (
        <TextInput
          {...nameField}
          label={t('form.whereYouWork.label')}
          hint={autofilled ? t('form.whereYouWork.autofilled') : undefined}
          error={nameError}
          autoComplete="organization"
          maxLength={TEXT_MAX_LENGTH}
        />
      ) : null}
    </section>
  );
}

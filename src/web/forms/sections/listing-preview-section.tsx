// "How patients will see you" (issue 25 item 6): the finder's own listing card, fed by the answers
// so far through the projection the server uses for the finder (#shared/listing.ts listingCardOf),
// so the applicant sees exactly what patients will. The single pages show it above Submit, the
// three steps on step 3 (their answers of step 1 come from the kept answers). This module, the card
// and their words (preview.json) load after the form's first paint (applicant-sections.tsx): the
// preview sits at the foot of the page.
import { use } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listingCardOf, type ListingCard as ListingCardData } from '#shared/listing.ts';
import { ListingCard } from '../../components/listing-card.tsx';
import { useHydrating } from '../../lib/hydration.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';
import { useRunner } from '../runner-context.tsx';

/** The preview's and the card's words, loaded once with this module. */
const messages = loadFeatureMessages(['preview']).catch(() => undefined);

/** The card of `answers`, with what is still missing said in words (an empty name would read as nothing), and a not-yet-listed photo opened by the edit link. */
function previewCardOf(answers: Record<string, unknown>, words: { pharmacy: string; firstName: string }, editToken?: string): ListingCardData {
  const card = listingCardOf(answers);
  return {
    ...card,
    pharmacyName: card.pharmacyName || words.pharmacy,
    firstName: card.firstName || words.firstName,
    photoUrl: card.photoUrl && editToken ? `${card.photoUrl}?token=${encodeURIComponent(editToken)}` : card.photoUrl,
  };
}

export function ListingPreviewSection() {
  use(messages);
  const { t } = useTranslation();
  const { stored, editing } = useRunner();
  const { control } = useFormContext();
  const live = useWatch({ control }) as Record<string, unknown>;
  // While it hydrates, the card the server rendered (the form's first values), though text typed
  // before the scripts came may already be the form's; the live card follows at once.
  const { defaultValues } = useFormState({ control });
  const watched = useHydrating() ? ((defaultValues ?? {}) as Record<string, unknown>) : live;
  const [searchParams] = useSearchParams();
  const editToken = editing ? (searchParams.get('pharmacistId') ?? undefined) : undefined;
  const answers = { ...stored, ...Object.fromEntries(Object.entries(watched).filter(([, value]) => value !== undefined)) };
  const card = previewCardOf(answers, { pharmacy: t('preview.missing.pharmacy'), firstName: t('preview.missing.firstName') }, editToken);
  return (
    <section className="pc-preview" aria-labelledby="section-preview">
      <h2 id="section-preview" className="pc-heading-m">
        {t('preview.heading')}
      </h2>
      <p className="pc-body">{t('preview.intro')}</p>
      <div className="pc-preview__card">
        <ListingCard listing={card} headingId="preview-card-name" headingLevel={3} />
      </div>
    </section>
  );
}

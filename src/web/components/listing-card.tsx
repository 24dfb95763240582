// The one card of a finder listing (issue 25 items 6 and 9): the finder's results, the listing's
// own page and the applicant's preview all render a listing with it, fed by the same shape
// (#shared/listing.ts ListingCard), so the applicant sees exactly what patients will.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listingServices, type ListingCard as ListingCardData } from '#shared/listing.ts';
import './listing-card.css';

export interface ListingCardProps {
  listing: ListingCardData;
  /** The id of the card's heading (the pharmacy's name), which names the card. */
  headingId: string;
  /** 1 on the listing's own page, 3 in the finder's list, 2 elsewhere. */
  headingLevel?: 1 | 2 | 3;
  /** A link on the name: the listing's own page (a router path), with the navigation's state. */
  nameTo?: string;
  nameState?: unknown;
  /** Shown under the name: the finder's distance. */
  children?: ReactNode;
}

export function ListingCard({ listing, headingId, headingLevel = 2, nameTo, nameState, children }: ListingCardProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const services = listingServices(listing.services);
  const servicesId = `${headingId}-services`;
  return (
    <article className="pc-listing" aria-labelledby={headingId}>
      {listing.photoUrl ? (
        <img
          className="pc-listing__photo"
          src={listing.photoUrl}
          alt={t('preview.card.photoAlt', { name: listing.firstName })}
          width={72}
          height={72}
          loading="lazy"
        />
      ) : (
        <svg className="pc-listing__photo pc-listing__photo--none" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
        </svg>
      )}
      <div className="pc-listing__details">
        <Heading id={headingId} className={headingLevel === 1 ? 'pc-heading-l pc-listing__name' : 'pc-listing__name'}>
          {nameTo ? (
            <Link to={nameTo} state={nameState}>
              {listing.pharmacyName}
            </Link>
          ) : (
            listing.pharmacyName
          )}
        </Heading>
        {children}
        <p className="pc-listing__address">{listing.address}</p>
        <p className="pc-listing__champion">{t('preview.card.champion', { name: listing.firstName })}</p>
        {services.length ? (
          <>
            <p className="pc-listing__services" id={servicesId}>
              {t('preview.card.services')}
            </p>
            <ul className="pc-listing__chips" aria-labelledby={servicesId}>
              {services.map((service) => (
                <li key={service} className="pc-chip">
                  {service}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {listing.about ? <p className="pc-listing__about">{listing.about}</p> : null}
      </div>
    </article>
  );
}

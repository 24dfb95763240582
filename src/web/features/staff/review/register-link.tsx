// The link to the public register's search for the application's number (issue 25 item 4): the
// GPhC register, the FOFI Albo or the German chamber, in a new tab, saying so in its own words.
import { useTranslation } from 'react-i18next';
import type { RegisterLink as RegisterLinkData } from '#shared/schemas/review-checks.ts';

export function RegisterLink({ link }: { link: RegisterLinkData }) {
  const { t } = useTranslation();
  return (
    <p className="pc-body review-register">
      <a href={link.url} target="_blank" rel="noopener noreferrer">
        {t(`review.checks.register.${link.register}`, { number: link.number, body: link.body })} {t('review.checks.register.newTab')}
      </a>
    </p>
  );
}

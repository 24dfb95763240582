// Screen 8: thanks, submitted, in review, decision in about 4 weeks, support after 6 weeks.
import { useTitledHeading } from '../../lib/use-titled-heading.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CONTACT_SUPPORT_AFTER_WEEKS, DECISION_WEEKS } from '#shared/limits.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { SupportSentence } from '../../components/support-sentence.tsx';
import '../../forms/forms.css';

/** The application's reference, handed over by the form in the navigation's state. */
function referenceIn(state: unknown): string | null {
  const reference = (state as { reference?: unknown } | null)?.reference;
  return typeof reference === 'string' ? reference : null;
}

export function ThankYouPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const heading = useTitledHeading(t('thankYou.pageTitle', { product: config.productName }));
  const email = config.operator.supportEmail;
  const reference = referenceIn(useLocation().state);

  return (
    <div className="pc-thank-you">
      <div className="pc-panel">
        <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
          {t('thankYou.heading')}
        </h1>
        <p>{t('thankYou.submitted')}</p>
        {reference && (
          <p>
            <RichText i18nKey="thankYou.reference" values={{ reference }} components={{ ref: <strong /> }} />
          </p>
        )}
      </div>
      <p className="pc-body">{t('thankYou.inReview')}</p>
      <p className="pc-body">{t('thankYou.decision', { weeks: DECISION_WEEKS })}</p>
      <p className="pc-body">
        {email ? (
          <SupportSentence i18nKey="thankYou.support" values={{ weeks: CONTACT_SUPPORT_AFTER_WEEKS }} />
        ) : (
          t('thankYou.supportNoEmail', { weeks: CONTACT_SUPPORT_AFTER_WEEKS })
        )}
      </p>
      <p className="pc-body">
        <Link to={localPath('/')}>{t('thankYou.home')}</Link>
      </p>
    </div>
  );
}

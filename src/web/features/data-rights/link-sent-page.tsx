// After asking for a link by e-mail (/my-data, /update-link): the same page whether or not the
// address belongs to an application, since the answer never says.
import { useTitledHeading } from '../../lib/use-titled-heading.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { SupportSentence } from '../../components/support-sentence.tsx';
import './data-rights.css';

export function LinkSentPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const heading = useTitledHeading(`${t('myData.sent.title')} – ${config.productName}`);
  const email = config.operator.supportEmail;

  return (
    <div className="pc-my-data">
      <h1 ref={heading} tabIndex={-1} className="pc-heading-l">
        {t('myData.sent.title')}
      </h1>
      <p className="pc-body">{t('myData.sent.body')}</p>
      <p className="pc-body">{t('myData.sent.wait')}</p>
      {email ? (
        <p className="pc-body">
          <SupportSentence i18nKey="myData.sent.support" />
        </p>
      ) : null}
      <p className="pc-body">
        <Link to={localPath('/')}>{t('components.errorView.home')}</Link>
      </p>
    </div>
  );
}

// "This link is no longer valid": an e-mailed link (an edit link, a link to one's data or status) that names
// nothing any more, because it expired, a newer one replaced it, or it was copied incompletely.
// Says what to do (ask for a new link) and whom to contact (the operator's support address).
import { useTitledHeading } from '../lib/use-titled-heading.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite } from '../lib/site-context.tsx';
import { SupportSentence } from './support-sentence.tsx';
import './components.css';

export type LinkNotValidViewProps = (
  | {
      /** Which link it was: the wording of why, and where to ask for a new one (`components.linkNotValid.*.{kind}`). */
      kind: 'edit' | 'data' | 'confirm';
      texts?: undefined;
    }
  | {
      kind?: undefined;
      /** Where a page keeps that wording itself (`{texts}.why`, `.next`, `.newLink`): it travels with the page's messages, not every form's. */
      texts: string;
    }
) & {
  /** The page that sends a new link (a path inside the market). */
  newLinkPath: string;
};

export function LinkNotValidView({ kind, texts, newLinkPath }: LinkNotValidViewProps) {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const heading = useTitledHeading(`${t('components.linkNotValid.title')} – ${config.productName}`);
  const email = config.operator.supportEmail;
  const wording = (part: 'why' | 'next' | 'newLink') => (texts ? `${texts}.${part}` : `components.linkNotValid.${part}.${kind}`);

  return (
    <section className="pc-error-view" aria-labelledby="link-not-valid-title">
      <h1 id="link-not-valid-title" ref={heading} tabIndex={-1} className="pc-heading-l">
        {t('components.linkNotValid.title')}
      </h1>
      <p className="pc-body">{t(wording('why'))}</p>
      <p className="pc-body">{t(wording('next'))}</p>
      <p className="pc-body">
        <Link className="pc-button" to={localPath(newLinkPath)}>
          {t(wording('newLink'))}
        </Link>
      </p>
      <p className="pc-body">{email ? <SupportSentence i18nKey="components.linkNotValid.support" /> : t('components.linkNotValid.supportNoEmail')}</p>
      <p className="pc-body">
        <Link to={localPath('/')}>{t('components.errorView.home')}</Link>
      </p>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath, useSite, useDocumentTitle } from '../../lib/site-context.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { config } = useSite();
  const localPath = useLocalPath();
  const title = t('notFound.title');

  useDocumentTitle(`${title} – ${config.productName}`);

  return (
    <>
      <h1>{title}</h1>
      <p>{t('notFound.typed')}</p>
      <p>{t('notFound.pasted')}</p>
      <p>
        <Link to={localPath('/')}>{t('notFound.home')}</Link>
      </p>
    </>
  );
}

// Screen 9: the generic error view, with a way back home.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath } from '../lib/site-context.tsx';
import './components.css';

export interface ErrorViewProps {
  /** A translated message to show instead of the generic one. */
  message?: string;
}

export function ErrorView({ message }: ErrorViewProps) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="pc-error-view" aria-labelledby="error-view-title">
      <h1 id="error-view-title" ref={heading} tabIndex={-1} className="pc-heading-l">
        {message ?? t('components.errorView.title')}
      </h1>
      {message ? null : <p className="pc-body">{t('components.errorView.tryLater')}</p>}
      <p className="pc-body">
        <Link to={localPath('/')}>{t('components.errorView.home')}</Link>
      </p>
    </section>
  );
}

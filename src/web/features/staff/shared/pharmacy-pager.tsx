// Previous / next page of the manager's list, with where the reader is ("Page 2 of 40").
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PharmacyPager({ page, pages, pathOf }: { page: number; pages: number; pathOf: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="staff-pager" aria-label={t('staff.areaManagerHome.pages')}>
      {page > 1 ? (
        <Link className="staff-pager__link" to={pathOf(page - 1)} rel="prev">
          {t('staff.areaManagerHome.previousPage')}
        </Link>
      ) : null}
      <span className="staff-pager__where" aria-current="page">
        {t('staff.areaManagerHome.pageOf', { page, pages })}
      </span>
      {page < pages ? (
        <Link className="staff-pager__link" to={pathOf(page + 1)} rel="next">
          {t('staff.areaManagerHome.nextPage')}
        </Link>
      ) : null}
    </nav>
  );
}

// The queue's first screen (issue 25): per market, how many applications wait for a decision,
// in bands of weeks since submission (under 2, 2-4, 4-6, over 6), so a team sees at a glance
// where the 4-week promise is at risk. A table: each count is read with its market and band.
import { useTranslation } from 'react-i18next';
import { AGE_BANDS } from '#shared/schemas/review.ts';
import { useStaffLoad } from '../use-staff-load.ts';
import { getAgeBands } from './api/review-api.ts';

export function AgeBands() {
  const { t } = useTranslation();
  const [state] = useStaffLoad((signal) => getAgeBands(signal), []);
  if (state.kind === 'loading' || state.kind === 'forbidden') return null;
  if (state.kind !== 'ok') return <p className="pc-body">{t('review.team.ageBands.failed')}</p>;
  return (
    <section className="review-age-bands" aria-labelledby="review-age-bands-title">
      <h2 id="review-age-bands-title" className="pc-heading-m">
        {t('review.team.ageBands.title')}
      </h2>
      <table className="staff-table review-age-bands__table">
        <caption className="staff-table__caption">{t('review.team.ageBands.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('review.team.ageBands.market')}</th>
            {AGE_BANDS.map((band) => (
              <th scope="col" key={band}>
                {t(`review.team.ageBands.${band}`)}
              </th>
            ))}
            <th scope="col">{t('review.team.ageBands.total')}</th>
          </tr>
        </thead>
        <tbody>
          {state.data.map(({ market, counts }) => (
            <tr key={market}>
              <th scope="row">{t(`review.market.${market}`)}</th>
              {AGE_BANDS.map((band) => (
                <td key={band} data-label={t(`review.team.ageBands.${band}`)} className={band === 'over6w' && counts[band] > 0 ? 'review-age-bands__late' : undefined}>
                  {counts[band]}
                </td>
              ))}
              <td data-label={t('review.team.ageBands.total')}>{AGE_BANDS.reduce((sum, band) => sum + counts[band], 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

// The queue's first screen (issue 25): per market, how many applications wait for a decision,
// in bands of weeks since submission (under 2, 2-4, 4-6, over 6), so a team sees at a glance
// where the 4-week promise is at risk. A table with a band per row and a market per column, which
// stays a table on a phone (four narrow columns of numbers).
import { useTranslation } from 'react-i18next';
import { AGE_BANDS, type AgeBand } from '#shared/schemas/review.ts';
import { useStaffLoad } from '../shared/use-staff-load.ts';
import { getAgeBands } from './api/review-api.ts';

export function AgeBands() {
  const { t } = useTranslation();
  const [state] = useStaffLoad((signal) => getAgeBands(signal), []);
  if (state.kind === 'loading' || state.kind === 'forbidden') return null;
  if (state.kind !== 'ok') return <p className="pc-body">{t('review.team.ageBands.failed')}</p>;
  const markets = state.data;
  const total = (counts: Record<AgeBand, number>) => AGE_BANDS.reduce((sum, band) => sum + counts[band], 0);
  return (
    <section className="review-age-bands" aria-labelledby="review-age-bands-title">
      <h2 id="review-age-bands-title" className="pc-heading-m">
        {t('review.team.ageBands.title')}
      </h2>
      <table className="review-age-bands__table">
        <caption className="staff-table__caption">{t('review.team.ageBands.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('review.team.ageBands.since')}</th>
            {markets.map(({ market }) => (
              <th scope="col" key={market}>
                {t(`review.market.${market}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {AGE_BANDS.map((band) => (
            <tr key={band}>
              <th scope="row">{t(`review.team.ageBands.${band}`)}</th>
              {markets.map(({ market, counts }) => (
                <td key={market} className={band === 'over6w' && counts[band] > 0 ? 'review-age-bands__late' : undefined}>
                  {counts[band]}
                </td>
              ))}
            </tr>
          ))}
          <tr className="review-age-bands__total">
            <th scope="row">{t('review.team.ageBands.total')}</th>
            {markets.map(({ market, counts }) => (
              <td key={market}>{total(counts)}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}

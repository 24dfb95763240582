// The ten charter commitments, numbered, with their icons (landing page and step 3).
import { useTranslation } from 'react-i18next';
import { CHARTER_COMMITMENTS } from '#shared/reference/options.ts';
import { CharterIcon } from './charter-icons.tsx';
import './components.css';

/** Texts come from the i18n keys charter.1..10 (landing.json). */
export function CharterList({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation();
  return (
    <ol className="pc-charter" aria-labelledby={labelledBy}>
      {CHARTER_COMMITMENTS.map((n) => (
        <li key={n} className="pc-charter__item">
          <CharterIcon number={n} className="pc-charter__icon" />
          <span className="pc-charter__number" aria-hidden="true">
            {n}
          </span>
          <span className="pc-charter__text">{t(`charter.${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}

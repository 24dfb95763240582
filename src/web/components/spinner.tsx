// A loading indicator screen readers announce (role=status with hidden text).
import { useTranslation } from 'react-i18next';
import './components.css';

export function Spinner({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'pc-spinner pc-spinner--inline' : 'pc-spinner'} role="status">
      <span className="pc-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('components.spinner.loading')}</span>
    </div>
  );
}

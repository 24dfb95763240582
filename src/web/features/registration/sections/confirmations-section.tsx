// The five mandatory confirmations (agreementCheck1..5), with links to the legal texts.
import { useFormContext } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { AGREEMENT_FIELDS } from '#shared/reference/options.ts';
import { Link } from 'react-router';
import { useLocalPath } from '../../../lib/site-context.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { useFieldError } from '../use-field-error.ts';

type AgreementField = (typeof AGREEMENT_FIELDS)[number];

function Confirmation({ name, label }: { name: AgreementField; label?: string }) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <Checkbox {...register(name)} label={label ?? t(`form.confirmations.${name}`)} error={error} />;
}

const UK_LEGAL_PATHS = { terms: '/terms-and-conditions', privacy: '/privacy-policy' };

/**
 * `labels`: translated texts replacing the UK wording of some confirmations (a market's own).
 * `legalPaths`: the legal pages the links open (the German site's are /nutzungsbedingungen and /datenschutz).
 */
export function ConfirmationsSection({
  labels = {},
  legalPaths = UK_LEGAL_PATHS,
}: {
  labels?: Partial<Record<AgreementField, string>>;
  legalPaths?: { terms: string; privacy: string };
}) {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  return (
    <section aria-labelledby="section-confirmations">
      <h2 id="section-confirmations" className="pc-heading-m">
        {t('form.sections.confirmations')}
      </h2>
      <fieldset className="pc-fieldset pc-form-group">
        <legend className="pc-fieldset__legend">{t('form.confirmations.legend')}</legend>
        <p className="pc-body">
          <Trans
            i18nKey="form.confirmations.links"
            components={{
              terms: <Link to={localPath(legalPaths.terms)} target="_blank" rel="noopener" />,
              privacy: <Link to={localPath(legalPaths.privacy)} target="_blank" rel="noopener" />,
            }}
          />
        </p>
        {AGREEMENT_FIELDS.map((name) => (
          <Confirmation key={name} name={name} label={labels[name]} />
        ))}
      </fieldset>
    </section>
  );
}

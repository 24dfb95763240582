// The mandatory confirmations (agreementCheck1..5, the first three, or the short form's check1..3), with links to the legal
// texts; each form's namespace words them (a staff form: the staff member's own statements).
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_FIELDS, type SHORT_FORM_CHECKS } from '#shared/reference/options.ts';
import { Link } from 'react-router';
import { MARKETS, type Country } from '#shared/markets.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { routePath } from '#shared/routes.ts';
import { Checkbox } from '../../components/checkbox.tsx';
import { useFieldError } from '../use-field-error.ts';
import { useFormText } from '../form-text.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { useRunner } from '../runner-context.tsx';

type AgreementField = (typeof AGREEMENT_FIELDS)[number] | (typeof SHORT_FORM_CHECKS)[number];

function Confirmation({ name }: { name: AgreementField }) {
  const text = useFormText();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <Checkbox {...register(name)} label={text(`confirmations.${name}`)} error={error} />;
}

/** The market's legal pages, in every language. */
const legalPathsOf = (country: Country) => {
  const { terms, privacy } = MARKETS[country].legal;
  return { terms: routePath(terms), privacy: routePath(privacy) };
};

/** The mandatory confirmations the section lists, each worded in the form's namespace. */
export function ConfirmationsSection({ names = AGREEMENT_FIELDS }: { names?: readonly AgreementField[] }) {
  const { t } = useTranslation();
  const text = useFormText();
  const localPath = useLocalPath();
  const { config } = useSite();
  const legalPaths = legalPathsOf(config.country);
  // An application sent again: its earlier ticks are not carried over (record-answers.ts), and the page says why.
  const { editing } = useRunner();
  return (
    <section aria-labelledby="section-confirmations">
      <h2 id="section-confirmations" className="pc-heading-m">
        {t('form.sections.confirmations')}
      </h2>
      <fieldset className="pc-fieldset pc-form-group" aria-describedby={editing ? 'confirmations-asked-again' : undefined}>
        <legend className="pc-fieldset__legend">{text('confirmations.legend')}</legend>
        {editing ? (
          <p id="confirmations-asked-again" className="pc-body">
            {t('form.confirmations.askedAgain')}
          </p>
        ) : null}
        <p className="pc-body">
          <RichText
            i18nKey="form.confirmations.links"
            components={{
              terms: <Link to={localPath(legalPaths.terms)} target="_blank" rel="noopener" />,
              privacy: <Link to={localPath(legalPaths.privacy)} target="_blank" rel="noopener" />,
            }}
          />
        </p>
        {names.map((name) => (
          <Confirmation key={name} name={name} />
        ))}
      </fieldset>
    </section>
  );
}

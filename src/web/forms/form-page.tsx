// The one page every form is: heading (and step indicator), error summary, the step's sections
// from the registry, Previous/Next or Submit, and the spinner; the runner does the rest.
import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { FormProvider, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Step } from '#shared/registration/journey.ts';
import { FORM_MINUTES } from '#shared/limits.ts';
import { sectionsOf, submitGates } from '#shared/forms/derive.ts';
import type { FormDef, SectionDef } from '#shared/forms/model.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { useLocalPath, useSite, useDocumentTitle } from '../lib/site-context.tsx';
import { ErrorSummary, focusField } from '../components/error-summary.tsx';
import { ErrorView } from '../components/error-view.tsx';
import { routePath } from '#shared/routes.ts';
import { Spinner } from '../components/spinner.tsx';
import { StepIndicator } from '../components/step-indicator.tsx';
import { FormTextProvider, useHasFormText } from './form-text.tsx';
import { RunnerProvider } from './runner-context.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { useFormRunner } from './runner/use-runner.ts';
import type { RunnerOptions } from './runner/use-start.ts';
import './forms.css';

// Only the three steps offer it: its code (and the bot check it solves) loads with those pages.
const SaveDraft = lazy(() => import('./steps/save-draft.tsx').then((m) => ({ default: m.SaveDraft })));

// Shown only after an answer that is rare (an edit link that no longer works, an e-mail already
// registered): loaded then, so that the form's first download stays within its budget.
const LinkNotValidView = lazy(() => import('../components/link-not-valid-view.tsx').then((m) => ({ default: m.LinkNotValidView })));
const UpdateLinkOffer = lazy(() => import('./update-link-offer.tsx').then((m) => ({ default: m.UpdateLinkOffer })));

/** A section's component; null for sections no input shows (the market, a record's id). */
export type SectionRegistry = Record<string, ComponentType | null>;

/** The component a page's registry gives a section of its form; a section the registry does not list is a mistake, said at once. */
export function sectionComponent(form: Pick<FormDef, 'id'>, sections: SectionRegistry, id: string): ComponentType | null {
  const component = sections[id];
  if (component === undefined) throw new Error(`form ${form.id}: the page's section registry has no entry for section "${id}"`);
  return component;
}

export interface FormPageProps extends RunnerOptions {
  form: FormDef;
  sections: SectionRegistry;
  step?: number;
  /** Where the first step's Back goes (screen 7 has Back and Next); no Back without it. */
  backTo?: string;
  /** What a staff page shows when the record it opens is not the user's (403); the error view without it. */
  forbidden?: ReactNode;
}

/** What a page passes to a form entry's module (form-entry.tsx): everything but the entry and its sections, which the module holds. */
export type EntryProps = Omit<FormPageProps, 'form' | 'sections'>;

function ApplicantIntro() {
  const { t } = useTranslation();
  const { config } = useSite();
  const has = useHasFormText();
  return (
    <div className="pc-registration__intro">
      {has('intro.network') ? <p className="pc-body">{t('italy.intro.network', { product: config.productName })}</p> : null}
      <p className="pc-body">{t('form.intro.time', { minutes: FORM_MINUTES })}</p>
      <p className="pc-body">{t('form.intro.optional')}</p>
      <p className="pc-body">{t('form.intro.public')}</p>
    </div>
  );
}

export function FormPage({ form, sections, step = 1, values, stepPath, backTo, forbidden }: FormPageProps) {
  const { t } = useTranslation();
  const { config, variant } = useSite();
  const runner = useFormRunner(form, step, { values, stepPath });
  const localPath = useLocalPath();
  const location = useLocation();
  const { methods, phase, submitting, summary, showSummary, attempt, onSubmit, onPrevious } = runner;
  const heading = useRef<HTMLHeadingElement>(null);
  const several = form.steps.length > 1;
  const ns = form.texts;
  const headingText = several ? t(`${ns}.headings.${step}`) : t(form.titleKey, { product: config.productName });
  const indicator = several ? t(`${ns}.indicator`, { step, total: form.steps.length }) : '';

  const title = several
    ? `${headingText} – ${indicator} – ${config.productName}`
    : t(`${ns}.pageTitle`, { product: config.productName, defaultValue: `${headingText} – ${config.productName}` });
  useDocumentTitle(showSummary ? `${t('components.errorPrefix')} ${title}` : title);

  // A new step starts at its heading (or at the field a Change link names).
  const ready = phase === 'ready';
  useEffect(() => {
    if (!several || !ready) return;
    window.scrollTo?.(0, 0);
    const fragment = decodeURIComponent(location.hash.slice(1));
    if (!(fragment && focusField(fragment))) heading.current?.focus({ preventScroll: true });
    // Only when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  // The form itself is memoised: react-hook-form renders the page again when it is ready (in a
  // layout effect, all at once) and for each change of its state, and none of that changes the
  // form's body; its fields follow their own errors and values (useFormState, useWatch). On a page
  // hydrating from the server's HTML, that first render would otherwise go through every section
  // in one long task, and render afresh the lazy ones still being hydrated (decision 0039).
  const { editing, prefilledName, captchaReset, stored, meta, record } = runner;
  const body = useMemo(() => {
    const lastStep = step === form.steps.length;
    const sectionIds = form.steps[step - 1] ?? [];
    const state = { form, step, editing, prefilledName, captchaReset, stored, meta, record };
    const previous = onPrevious ? (
      <button type="button" className="pc-button pc-button--secondary" onClick={onPrevious}>
        {t([`${ns}.previous`, 'steps.previous'])}
      </button>
    ) : backTo ? (
      <Link className="pc-button pc-button--secondary" to={localPath(backTo)}>
        {t([`${ns}.previous`, 'steps.previous'])}
      </Link>
    ) : null;
    return (
      <RunnerProvider value={state}>
        <FormProvider {...methods}>
          {/* POST: should it ever be sent without the scripts (they failed to load), the answers stay out of the URL. */}
          <form method="post" noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} ref={markLive}>
            {sectionIds.map((id) => {
              const Section = sectionComponent(form, sections, id);
              const def = sectionOf(id);
              if (!Section) return null;
              return (
                <ShownWhen key={id} section={def}>
                  <FormTextProvider namespaces={[ns, def.texts]}>
                    <div className="pc-form-section" data-section={id}>
                      <Section />
                    </div>
                  </FormTextProvider>
                </ShownWhen>
              );
            })}
            {(form.carried ?? []).map((id) => {
              const Carried = sectionComponent(form, sections, id);
              return Carried ? <Carried key={id} /> : null;
            })}
            {lastStep ? (
              <FormSubmitBar form={form} submitting={submitting} before={previous} />
            ) : (
              <div className="pc-button-group pc-steps-page__nav">
                {previous}
                <button type="submit" className="pc-button">
                  {t([`${ns}.next`, 'steps.next'])}
                </button>
              </div>
            )}
          </form>
        </FormProvider>
      </RunnerProvider>
    );
  }, [form, sections, step, editing, prefilledName, captchaReset, stored, meta, record, methods, onSubmit, onPrevious, backTo, localPath, submitting, t, ns]);

  if (phase === 'failed') return <ErrorView />;
  if (phase === 'noAccess') return forbidden ?? <ErrorView />;
  if (phase === 'linkNotValid') {
    return (
      <Suspense fallback={<Spinner />}>
        {form.editsApplication ? (
          <LinkNotValidView kind="edit" newLinkPath={routePath('updateLinkRequest')} />
        ) : (
          <LinkNotValidView kind="confirm" newLinkPath={routePath('myDataRequest')} />
        )}
      </Suspense>
    );
  }
  if (phase === 'loading') return <Spinner label={t('form.loadingRecord')} />;

  return (
    <div className={`pc-registration pc-form--${form.id}${several ? ' pc-steps-page' : ''}`} data-kept-key={runner.keptKey}>
      {several && variant.showStepIndicator ? (
        <StepIndicator current={step} caption={indicator} label={t(`${ns}.progressLabel`)} names={form.steps.map((_, i) => t(`${ns}.names.${i + 1}`))} />
      ) : null}
      {showSummary ? <ErrorSummary key={attempt} errors={summary} /> : null}
      {showSummary && runner.emailTaken ? (
        <Suspense fallback={null}>
          <UpdateLinkOffer email={() => String(runner.answersSoFar().email ?? '')} />
        </Suspense>
      ) : null}
      <h1 className="pc-heading-l" ref={heading} tabIndex={-1}>
        {headingText}
      </h1>
      {runner.recordName ? <p className="pc-body pc-form__record">{runner.recordName}</p> : null}
      {runner.draftMissing ? (
        <div className="pc-notice" role="status">
          <p className="pc-body">{t('steps.draft.missing')}</p>
        </div>
      ) : null}
      <FormTextProvider namespaces={[ns]}>
        {form.intro && step === 1 ? <ApplicantIntro /> : null}
        {body}
      </FormTextProvider>
      {form.keepAnswers && several && form.drafts ? (
        <Suspense fallback={null}>
          <SaveDraft step={step as Step} answers={runner.answersSoFar} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Marks the form once React holds it (`data-live`, which the end-to-end tests wait for). Set on the
 * element, not through state: a state change would render the whole form again while its lazy
 * parts are still being hydrated, and React would then render those afresh, in one long task.
 */
function markLive(form: HTMLFormElement | null) {
  form?.setAttribute('data-live', '');
}

/** A section with `visibleWhen` follows the answers it depends on; others render as they are. */
function ShownWhen({ section, children }: { section: SectionDef; children: ReactNode }) {
  if (!section.visibleWhen) return children;
  return <Conditional when={section.visibleWhen}>{children}</Conditional>;
}

function Conditional({ when, children }: { when: NonNullable<SectionDef['visibleWhen']>; children: ReactNode }) {
  const { control } = useFormContext();
  const answers = useWatch({ control }) as Record<string, unknown>;
  return when(answers) ? children : null;
}

/** Submit waits for the boxes that gate it (those of conditional sections only while they apply) and the answers the last step's sections require. */
function FormSubmitBar({ form, submitting, before }: { form: FormDef; submitting: boolean; before: ReactNode }) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const answers = useWatch({ control }) as Record<string, unknown>;
  const requirements = (form.steps.at(-1) ?? []).flatMap((id) => {
    const required = sectionOf(id).requiredBeforeSubmit;
    if (!required) return [];
    const value = answers[required.field];
    return [{ fieldId: required.field, met: typeof value === 'string' && value.trim() !== '', text: t(required.textKey) }];
  });
  const botCheck = sectionsOf(form).some((section) => 'recaptchaToken' in section.fields);
  const label = form.submitKey ? t(form.submitKey) : undefined;
  return (
    <SubmitBar
      mandatoryCheckboxes={submitGates(form, answers)}
      submitting={submitting}
      before={before}
      botCheck={botCheck}
      requirements={requirements}
      label={label}
    />
  );
}

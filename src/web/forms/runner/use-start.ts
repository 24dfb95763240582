// The runner's start (decision 0007): the form's values on arrival, from kept answers, a draft
// link, the stored record the form opens (an edit link, the rep's pharmacy) and a kept certificate,
// then every change kept in the browser. Each source is read once; later visits keep the changes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { formContract } from '#shared/api/form-endpoints.ts';
import { answersOf, stepSchema } from '#shared/forms/derive.ts';
import type { FormContext, FormDef } from '#shared/forms/model.ts';
import { isLanguage, type Country } from '#shared/markets.ts';
import { getDraft } from '../../lib/api/drafts.ts';
import { LINK_NOT_VALID } from '../../lib/api/get-pharmacist.ts';
import { getRecord, NO_ACCESS } from '../../lib/api/get-record.ts';
import { forgetTypedBeforeHydration, typedInServerHtmlAmong } from '../../lib/hydration.ts';
import { useLocalPath, useSite } from '../../lib/site-context.tsx';
import { loadAnswers, loadMeta, replaceAnswers, saveAnswers, storable, storeOf, updateMeta, type StoredAnswers, type StoredMeta } from '../answers-store.ts';
import type * as Outbox from '../offline-outbox.ts';
import { answersFromRecord } from '../record-answers.ts';
import { deleteCertificate, getCertificate } from '../steps/certificate-store.ts';
import { mayVisit, pickWhere, startValues, stepFields, stepPath, withKept, type Values } from './values.ts';

/** `linkNotValid`: the edit link names no application (unknown, replaced or expired). */
export type Phase = 'loading' | 'ready' | 'failed' | 'linkNotValid' | 'noAccess';

export interface RunnerOptions {
  /** Start values the page sets, over any kept or stored ones (the area manager of the route, a record being edited). */
  values?: Values;
  /** The path of a step, when the form's steps are not the applicants' /form/{step}. */
  stepPath?: (step: number) => string;
}

export function useFormStart(form: FormDef, step: number, options: RunnerOptions) {
  const { config } = useSite();
  const navigate = useNavigate();
  const localPath = useLocalPath();
  const [searchParams] = useSearchParams();
  const pathOfStep = (target: number) => (options.stepPath ? options.stepPath(target) : stepPath(target, searchParams));
  const recordId = form.prefill ? (searchParams.get(form.prefill.param) ?? '') : '';
  const editing = recordId !== '' && form.editsApplication === true;
  /** A stored record opens the form: the application behind an edit link, or the rep's pharmacy. */
  const loadsRecord = recordId !== '' && form.prefill !== undefined;
  const draftToken = form.keepAnswers ? (searchParams.get('draft') ?? '') : '';
  const hasCertificate = Boolean(form.files?.certificate);
  const country: Country = config.country;
  const store = storeOf(form, country);
  const context: FormContext = { country, language: config.language, loginToken: editing ? recordId : undefined, basePath: config.basePath };

  // Most visits need nothing that waits (no draft link, no record, no stored certificate): the
  // form renders at once from the kept answers, in the same task as the page's first paint.
  const [atOnce] = useState(() => {
    if (!form.keepAnswers) return !loadsRecord;
    const meta = loadMeta(store);
    if (draftToken && meta.draftLoaded !== draftToken) return false;
    if (editing && meta.prefilledFor !== recordId) return false;
    return mayVisit(form, step, loadAnswers(store)) && !meta.certificate;
  });
  const [initial] = useState(() => {
    const base = startValues(form, context);
    // The record a staff form works on (the rep's visit: ?pharmacyId=) travels in the payload.
    if (form.prefill && !editing && recordId && form.prefill.param in base) base[form.prefill.param] = recordId;
    return { ...(form.keepAnswers && atOnce ? withKept(form, base, loadAnswers(store)) : base), ...options.values };
  });
  const resolver = useMemo(
    () => zodResolver(stepSchema(form, step, { editing }) as unknown as z.ZodMiniType<Values, Values>) as unknown as Resolver<Values>,
    [form, step, editing],
  );
  // The error summary takes focus (GOV.UK pattern), so react-hook-form must not focus a field itself.
  const methods = useForm<Values>({ defaultValues: initial, resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const [phase, setPhase] = useState<Phase>(atOnce ? 'ready' : 'loading');
  const [stored, setStored] = useState<StoredAnswers>(() => (form.keepAnswers && atOnce ? loadAnswers(store) : {}));
  const [meta, setMeta] = useState<StoredMeta>(() => (form.keepAnswers && atOnce ? loadMeta(store) : {}));
  const [draftMissing, setDraftMissing] = useState(false);
  const [prefilledName, setPrefilledName] = useState(() => editing && typeof initial.whereYouWork === 'string' && initial.whereYouWork !== '');
  /** The stored record's name (the rep's pharmacy), for the page and the offline queue. */
  const [recordName, setRecordName] = useState('');
  /** The stored record itself, for the sections that show it (the rep's last visits). */
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  /** The offline outbox (./offline-outbox.ts), loaded only by the forms that queue. */
  const outbox = useRef<typeof Outbox | null>(null);
  const started = useRef(false);
  const [onThisStep] = useState(() => stepFields(form, step));
  const [typedBefore] = useState(() => typedInServerHtmlAmong(onThisStep));

  // A draft link, the record behind an edit link, the bounce to step 1 and a kept certificate,
  // in that order; each is done once (the store remembers), later visits keep the applicant's changes.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (atOnce) {
      if (hasCertificate && step === 1) void deleteCertificate(); // a file left from another session
      return;
    }
    void (async () => {
      if (draftToken && loadMeta(store).draftLoaded !== draftToken) {
        const draft = await getDraft(draftToken).catch(() => undefined);
        if (draft === undefined) return setPhase('failed');
        if (draft && draft.language !== config.language && isLanguage(draft.language) && draft.country === country) {
          // The link was made in another language than this page's: reload in that language.
          const url = new URL(window.location.href);
          url.searchParams.set('lang', draft.language);
          window.location.replace(url.toString());
          return;
        }
        if (draft && draft.country === country) {
          replaceAnswers(store, storable(answersOf(form, draft.data)));
          await deleteCertificate();
          updateMeta(store, { draftLoaded: draftToken, certificate: undefined, certificateMissingFromDraft: hasCertificate || undefined });
        } else {
          setDraftMissing(true);
          updateMeta(store, { draftLoaded: draftToken });
        }
      }
      let fromRecord = false;
      if (loadsRecord && loadMeta(store).prefilledFor !== recordId) {
        // An update still waiting to be sent (offline) is newer than the stored record. The outbox
        // is loaded now, while there is a connection, for a submit made offline later.
        if (form.queueOffline) outbox.current = await import('../offline-outbox.ts').catch(() => null);
        const waiting = outbox.current?.pendingEntries().find((e) => e.formId === form.id && e.recordId === recordId)?.payload;
        const stored = await getRecord(formContract(form).prefill!, recordId).catch(() => null);
        const record = waiting ? { ...(typeof stored === 'string' ? null : stored), ...waiting } : stored;
        if ((!record || record === LINK_NOT_VALID) && form.keepAnswers && !mayVisit(form, step, loadAnswers(store))) {
          // Step 1 says what went wrong with the link (spec §4 sends a later step without a first name there).
          void navigate(localPath(pathOfStep(1)), { replace: true });
          return;
        }
        if (record === LINK_NOT_VALID) return setPhase('linkNotValid');
        if (record === NO_ACCESS) return setPhase('noAccess');
        if (!record) return setPhase('failed');
        // An update still waiting to be sent keeps what was chosen in it (its month too), over the form's start values for a record.
        const answers = { ...answersFromRecord(form, record), ...(waiting ? answersFromRecord({ ...form, fromRecord: undefined }, waiting) : {}) };
        if (!form.keepAnswers) {
          // Numbered blocks too (the extra pharmacists), which a new form's values do not list.
          const values = { ...startValues(form, context), ...answers, ...options.values };
          if (!editing && form.prefill!.param in values) values[form.prefill!.param] = recordId;
          methods.reset(values);
          setRecordName(typeof record.whereYouWork === 'string' ? record.whereYouWork : '');
          setRecord(record);
          setPrefilledName(typeof answers.whereYouWork === 'string' && answers.whereYouWork !== '');
          return setPhase('ready');
        }
        replaceAnswers(store, storable(answers));
        updateMeta(store, { prefilledFor: recordId });
        fromRecord = true;
      }
      // Spec §4: a later step without a first name (kept, or in the record being edited) starts again at step 1.
      if (form.keepAnswers && !mayVisit(form, step, loadAnswers(store))) {
        void navigate(localPath(pathOfStep(1)), { replace: true });
        return;
      }
      const kept = loadAnswers(store);
      const values = { ...withKept(form, startValues(form, context), kept), ...options.values };
      const keptMeta = loadMeta(store);
      if (keptMeta.certificate) values.file = await getCertificate();
      else if (hasCertificate && step === 1) await deleteCertificate(); // a file left from another session
      methods.reset(values);
      setStored(kept);
      setMeta(keptMeta);
      if (fromRecord) setPrefilledName(typeof values.whereYouWork === 'string' && values.whereYouWork !== '');
      setPhase('ready');
    })();
    // Once per page: the route remounts the page for each step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every change is kept at once, so a reload, a visit to the terms or a failed save loses nothing.
  useEffect(() => {
    if (!form.keepAnswers || phase !== 'ready') return;
    const subscription = methods.watch((values) => saveAnswers(store, storable(answersOf(form, pickWhere(values as Values, onThisStep)))));
    return () => subscription.unsubscribe();
    // onThisStep follows form and step, which the page never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [methods, form.keepAnswers, store, phase]);

  // What the visitor typed in the server's HTML before the scripts took over (decision 0039), set
  // once every change is kept (the effect above).
  useEffect(() => {
    for (const [name, value] of Object.entries(typedBefore)) methods.setValue(name, value, { shouldDirty: true });
    forgetTypedBeforeHydration();
  }, [methods, typedBefore]);

  return { methods, phase, setPhase, editing, recordId, recordName, record, prefilledName, stored, meta, draftMissing, store, onThisStep, outbox, pathOfStep };
}

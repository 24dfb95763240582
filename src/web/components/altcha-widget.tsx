// Loaded only through captcha.tsx's dynamic import: the ALTCHA web component, its CSS and its
// proof-of-work workers. The "external" build keeps styles and workers out of inline code, so a
// strict Content-Security-Policy (no inline styles, workers from 'self') still works.
import { useEffect, useLayoutEffect, useRef } from 'react';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { WidgetMethods } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import * as Api from '#shared/api/endpoints.ts';
import { keepWidgetMarkupValid } from './altcha-widget-markup.ts';

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  if (!globalThis.$altcha.algorithms.has(algorithm)) globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  if (!globalThis.$altcha.algorithms.has(algorithm)) globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

export interface AltchaWidgetProps {
  language: string;
  /** Translated widget strings (label, verifying, verified, error, expired, ...). */
  strings: Record<string, string>;
  onVerified: (payload: string) => void;
  onReset: () => void;
  /** Changing it resets the widget (a solution is spent once the form is sent). */
  resetSignal: number;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

export default function AltchaWidget({ language, strings, onVerified, onReset, resetSignal }: AltchaWidgetProps) {
  const ref = useRef<HTMLElement & Partial<WidgetMethods>>(null);
  const callbacks = useRef({ onVerified, onReset });
  useLayoutEffect(() => {
    callbacks.current = { onVerified, onReset };
  });

  useLayoutEffect(() => {
    const base = globalThis.$altcha.i18n.get('en') ?? {};
    globalThis.$altcha.i18n.set(language, { ...base, ...strings });
  }, [language, strings]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) callbacks.current.onVerified(detail.payload);
      else if (detail.state !== 'verifying' && detail.state !== 'code') callbacks.current.onReset();
    };
    element.addEventListener('statechange', onStateChange);
    const stopCleaning = keepWidgetMarkupValid(element);
    return () => {
      element.removeEventListener('statechange', onStateChange);
      stopCleaning();
    };
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.reset?.();
  }, [resetSignal]);

  return <altcha-widget ref={ref} challenge={Api.captchaChallenge.path} language={language} name="altcha" />;
}

// The web's words for what the server writes in them (the readable CSV export, decision 0025; a
// finder listing's title and description in its page's head, issue 25 item 9; the landing page's
// title in its server-rendered head, decision 0037):
// the same message files the pages load (src/web/i18n/<lang>/*.json), imported as data, so a
// label has one source whether a page shows it or a file does. Only message files are read from
// src/web: the server imports no web code (eslint.config.js allows these JSON files alone).
import type { Words } from '#shared/forms/answer-words.ts';
import type { Language } from '#shared/markets.ts';
import deFinder from '../../web/i18n/de/finder.json' with { type: 'json' };
import deForm from '../../web/i18n/de/form.json' with { type: 'json' };
import deItaly from '../../web/i18n/de/italy.json' with { type: 'json' };
import deLanding from '../../web/i18n/de/landing.json' with { type: 'json' };
import dePublicApi from '../../web/i18n/de/public-api.json' with { type: 'json' };
import deManager from '../../web/i18n/de/manager.json' with { type: 'json' };
import deMyApplication from '../../web/i18n/de/myApplication.json' with { type: 'json' };
import deReview from '../../web/i18n/de/review.json' with { type: 'json' };
import deReviewChecks from '../../web/i18n/de/review-checks.json' with { type: 'json' };
import deSteps from '../../web/i18n/de/steps.json' with { type: 'json' };
import deReference from '../../web/i18n/de/reference.json' with { type: 'json' };
import deStaff from '../../web/i18n/de/staff.json' with { type: 'json' };
import enFinder from '../../web/i18n/en/finder.json' with { type: 'json' };
import enForm from '../../web/i18n/en/form.json' with { type: 'json' };
import enItaly from '../../web/i18n/en/italy.json' with { type: 'json' };
import enLanding from '../../web/i18n/en/landing.json' with { type: 'json' };
import enPublicApi from '../../web/i18n/en/public-api.json' with { type: 'json' };
import enManager from '../../web/i18n/en/manager.json' with { type: 'json' };
import enMyApplication from '../../web/i18n/en/myApplication.json' with { type: 'json' };
import enReview from '../../web/i18n/en/review.json' with { type: 'json' };
import enReviewChecks from '../../web/i18n/en/review-checks.json' with { type: 'json' };
import enSteps from '../../web/i18n/en/steps.json' with { type: 'json' };
import enReference from '../../web/i18n/en/reference.json' with { type: 'json' };
import enStaff from '../../web/i18n/en/staff.json' with { type: 'json' };
import itFinder from '../../web/i18n/it/finder.json' with { type: 'json' };
import itForm from '../../web/i18n/it/form.json' with { type: 'json' };
import itItaly from '../../web/i18n/it/italy.json' with { type: 'json' };
import itLanding from '../../web/i18n/it/landing.json' with { type: 'json' };
import itPublicApi from '../../web/i18n/it/public-api.json' with { type: 'json' };
import itManager from '../../web/i18n/it/manager.json' with { type: 'json' };
import itMyApplication from '../../web/i18n/it/myApplication.json' with { type: 'json' };
import itReview from '../../web/i18n/it/review.json' with { type: 'json' };
import itReviewChecks from '../../web/i18n/it/review-checks.json' with { type: 'json' };
import itSteps from '../../web/i18n/it/steps.json' with { type: 'json' };
import itReference from '../../web/i18n/it/reference.json' with { type: 'json' };
import itStaff from '../../web/i18n/it/staff.json' with { type: 'json' };

const FILES: Record<Language, unknown[]> = {
  en: [enForm, enItaly, enLanding, enManager, enReference, enStaff, enFinder, enPublicApi, enSteps, enReview, enReviewChecks, enMyApplication],
  it: [itForm, itItaly, itLanding, itManager, itReference, itStaff, itFinder, itPublicApi, itSteps, itReview, itReviewChecks, itMyApplication],
  de: [deForm, deItaly, deLanding, deManager, deReference, deStaff, deFinder, dePublicApi, deSteps, deReview, deReviewChecks, deMyApplication],
};

/** Every message of the files, by its dotted key (the keys the pages' t() takes). */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const MESSAGES = Object.fromEntries(Object.entries(FILES).map(([language, files]) => [language, files.reduce<Map<string, string>>((all, file) => flatten(file, '', all), new Map())])) as Record<Language, Map<string, string>>;

/** A message with its `{{name}}` placeholders filled. */
export type WebText = (key: string, values?: Record<string, string | number>) => string;

/**
 * The messages of one language. A key that no file holds throws: callers resolve their keys when
 * their module loads, so a typo fails the start and the tests, never a download halfway.
 */
export function webTexts(language: Language): WebText {
  const messages = MESSAGES[language];
  return (key, values = {}) => {
    const text = messages.get(key);
    if (text === undefined) throw new Error(`no ${language} message ${key}`);
    return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** The messages of one language as the shared answer wording looks them up: the first key found, else the fallback. */
export function webWords(language: Language): Words {
  const messages = MESSAGES[language];
  return (keys, fallback) => keys.map((key) => messages.get(key)).find((text) => text !== undefined) ?? fallback;
}

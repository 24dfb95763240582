// How the review desk words an application's answers (issue 25 item 8): in the reviewer's language,
// through the wording the applicant's PDF copy shares (#shared/forms/answer-words.ts).
import { useTranslation } from 'react-i18next';
import { answerText, fieldLabel, type PlaceNames, type Words } from '#shared/forms/answer-words.ts';

export type { PlaceNames } from '#shared/forms/answer-words.ts';

function useWords(): Words {
  const { t } = useTranslation();
  return (keys, fallback) => t(keys, { defaultValue: fallback });
}

/** A field's label in the reviewer's language (answer-words.ts `fieldLabel`). */
export function useFieldLabel(formTexts: string) {
  const words = useWords();
  return (field: { name: string; texts: string }) => fieldLabel(words, formTexts, field);
}

/** An answer in words, in the reviewer's language. */
export function useAnswerText(places: PlaceNames) {
  const words = useWords();
  return (name: string, value: unknown): string => answerText(words, places, name, value);
}

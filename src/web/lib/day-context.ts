// Italian elides the article before a day said with a vowel sound: "l'8 gennaio", "dall'11 marzo",
// "entro l'1 aprile". A sentence that holds a day has a `_vowel` variant (i18next context) in every
// language; the languages that need none repeat the plain sentence there.
const VOWEL_DAYS = new Set([1, 8, 11]);

/** The i18n context of a sentence about a day written day first ("8 gennaio 2027", "8. Januar"). */
export const dayContext = (day: string): 'vowel' | undefined => (VOWEL_DAYS.has(Number.parseInt(day, 10)) ? 'vowel' : undefined);

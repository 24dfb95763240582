// A sentence that gives the operator's support address (`<mail>{{email}}</mail>` in the text) as
// a mailto link; nothing when no address is configured (each page then says what it can without).
import { useSite } from '../lib/site-context.tsx';
import { RichText } from './rich-text.tsx';

export function SupportSentence({ i18nKey, values }: { i18nKey: string; values?: Record<string, unknown> }) {
  const email = useSite().config.operator.supportEmail;
  if (!email) return null;
  return <RichText i18nKey={i18nKey} values={{ ...values, email }} components={{ mail: <a href={`mailto:${email}`} /> }} />;
}

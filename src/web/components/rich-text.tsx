// A translated sentence with simple markup, `<name>inner</name>`, rendered with the element given
// for each name (a link, <strong>). It is the part of react-i18next's <Trans> our texts use,
// without Trans's HTML parser, which would otherwise ship with every form page: tags do not nest,
// and a tag without an element stays plain text.
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

export function richText(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match as unknown as [string, string, string];
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : whole);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function RichText({ i18nKey, values, components }: { i18nKey: string; values?: Record<string, unknown>; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  return <>{richText(t(i18nKey, values ?? {}), components)}</>;
}

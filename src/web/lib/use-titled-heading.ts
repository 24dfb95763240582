// A page that arrives after an action (sent, saved, a link that no longer works): the tab says
// where the visitor is, and the heading takes focus so a screen reader starts there.
import { useEffect, useRef } from 'react';
import { useDocumentTitle } from './site-context.tsx';

export function useTitledHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(title);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return heading;
}

// A page that arrives after an action (sent, saved, a link that no longer works): the tab says
// where the visitor is, and the heading takes focus so a screen reader starts there.
import { useEffect, useRef } from 'react';

export function useTitledHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    heading.current?.focus();
  }, [title]);
  return heading;
}

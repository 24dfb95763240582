// Whether an element has come near the visible part of the page (once true, it stays true), so
// heavy below-the-fold parts (the map, the bot check) load when the visitor gets to them instead of
// competing with the form's first paint. Without IntersectionObserver it is true at once; on the
// server (a page rendered there, decision 0037) it is false, as in the browser's first render.
// Returns a callback ref (so an element that appears later is still watched) and the flag.
import { useEffect, useState } from 'react';

export function useNearViewport<T extends Element>(margin = '400px') {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near, element] as const;
}

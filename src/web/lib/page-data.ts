// What the server read for the page it rendered (a status, a data export, a listing; routes/web.ts
// page loaders): the page's first render shows it, so the HTML carries the page's content and
// hydration finds the same. On the server it comes with the render (useSite().server), in the
// browser from the data block beside the page. A page reached inside the app (another path) fetches
// its data as before.
import { useLocation } from 'react-router';
import { useSite } from './site-context.tsx';

export interface PageData {
  /** The router's path the data belongs to (without the market's base path). */
  path: string;
  value: unknown;
}

let read: { text: string; data: PageData | null } = { text: '', data: null };

/** The data block the server wrote beside the page (parsed once). */
function pageDataBlock(): PageData | null {
  const text = document.getElementById('page-data')?.textContent ?? '';
  if (text !== read.text) {
    let data: PageData | null = null;
    try {
      data = JSON.parse(text) as PageData;
    } catch {
      // Not ours: no data.
    }
    read = { text, data };
  }
  return read.data;
}

/** The server's data for the page at the current path, or undefined. */
export function usePageData<T>(): T | undefined {
  const { server } = useSite();
  const { pathname } = useLocation();
  const data = server ? server.pageData : pageDataBlock();
  return data && data.path === pathname ? (data.value as T) : undefined;
}

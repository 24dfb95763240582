// Whether the page React is starting on is the server's HTML, being hydrated, and what the visitor
// typed in its form before that (decision 0039): main.tsx says so before it hydrates; the form
// runner takes what was typed, once.
import { useSyncExternalStore } from 'react';

type Typed = Record<string, string | boolean | string[]>;

let typedInServerHtml: Typed = {};

export function startHydratingServerHtml(typed: Typed): void {
  typedInServerHtml = typed;
}

/** What was typed in the server's form, among the fields `wanted` names. */
export function typedInServerHtmlAmong(wanted: (name: string) => boolean): Typed {
  return Object.fromEntries(Object.entries(typedInServerHtml).filter(([name]) => wanted(name)));
}

/** Once a form has taken over, what was typed before is no longer the page's. */
export function forgetTypedBeforeHydration(): void {
  typedInServerHtml = {};
}

const unchanging = () => () => {};
const inBrowser = () => false;
const onServerOrHydrating = () => true;

/**
 * True on the server and while React hydrates the part that asks, false once that part is
 * React's (React renders it again then). A part that hydrates late (a lazy section) renders what
 * the server rendered first, though the browser already knows more (answers typed meanwhile, a
 * camera): otherwise React sees a mismatch and throws the server's HTML away.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(unchanging, inBrowser, onServerOrHydrating);
}

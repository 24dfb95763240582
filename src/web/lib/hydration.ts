// Whether the page React is starting on is the server's HTML, being hydrated, and what the visitor
// typed in its form before that (decision 0039): main.tsx says so before it hydrates; the form
// runner takes what was typed, once.
type Typed = Record<string, string | boolean | string[]>;

let typedInServerHtml: Typed = {};

export function startHydratingServerHtml(typed: Typed): void {
  typedInServerHtml = typed;
}

/** What was typed in the server's form, among the fields `wanted` names. */
export function typedBeforeHydration(wanted: (name: string) => boolean): Typed {
  return Object.fromEntries(Object.entries(typedInServerHtml).filter(([name]) => wanted(name)));
}

/** Once a form has taken over, what was typed before is no longer the page's. */
export function forgetTypedBeforeHydration(): void {
  typedInServerHtml = {};
}

// What a visitor typed or chose in a server-rendered form before the page's scripts took over
// (decision 0039). react-hook-form sets each field to its default value when it registers it, which
// would wipe that: main.tsx reads the fields before it hydrates the page (this module is loaded only
// then, on its own), and the form runner sets them once its form is there.
export type Carried = string | boolean | string[];

function changed(element: Element): boolean {
  if (element instanceof HTMLInputElement) {
    if (element.type === 'checkbox' || element.type === 'radio') return element.checked !== element.defaultChecked;
    if (element.type === 'file') return false;
    return element.value !== element.defaultValue;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement) return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return false;
}

/** The fields of the forms in `root` whose value differs from the one the server rendered, with that value. */
export function typedBeforeHydration(root: ParentNode): Record<string, Carried> {
  const carried: Record<string, Carried> = {};
  const byName = new Map<string, Element[]>();
  for (const element of root.querySelectorAll('form [name]')) {
    const name = element.getAttribute('name')!;
    byName.set(name, [...(byName.get(name) ?? []), element]);
  }
  for (const [name, elements] of byName) {
    if (!elements.some(changed)) continue;
    const first = elements[0]!;
    if (first instanceof HTMLInputElement && first.type === 'radio') {
      const chosen = elements.find((element) => (element as HTMLInputElement).checked) as HTMLInputElement | undefined;
      if (chosen) carried[name] = chosen.value;
    } else if (first instanceof HTMLInputElement && first.type === 'checkbox') {
      carried[name] =
        elements.length === 1
          ? first.checked
          : elements.filter((element) => (element as HTMLInputElement).checked).map((element) => (element as HTMLInputElement).value);
    } else if (first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement || first instanceof HTMLSelectElement) {
      carried[name] = first.value;
    }
  }
  return carried;
}

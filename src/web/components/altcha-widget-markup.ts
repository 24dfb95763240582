// The ALTCHA widget (altcha 3.2) writes two attributes the HTML standard does not allow: an empty
// `dir` on its root (Svelte sets the property to itself, `div.dir = div.dir`, on every update) and
// an empty `name` on its checkbox. Neither means anything (an empty dir is no direction, a field
// without a name is never sent), so they are taken off as soon as they appear and the page's
// markup stays valid (the W3C checker flagged every page with the widget).
const INVALID = [
  { selector: '[dir=""]', attribute: 'dir' },
  { selector: 'input[name=""]', attribute: 'name' },
] as const;

function clean(root: Element) {
  for (const { selector, attribute } of INVALID) {
    for (const element of root.querySelectorAll(selector)) element.removeAttribute(attribute);
  }
}

/** Keeps `root`'s subtree free of those attributes until the returned function is called. */
export function keepWidgetMarkupValid(root: Element): () => void {
  clean(root);
  const observer = new MutationObserver(() => clean(root));
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['dir', 'name'] });
  return () => observer.disconnect();
}

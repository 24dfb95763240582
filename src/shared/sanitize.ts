// Free text is stored and shown as plain text (spec §5): real markup (HTML tags, comments) is
// removed; `<`, `>` and `&` written as text ("ages <12 and >65", "Boots & Co's <Central>
// Pharmacy") are kept exactly as typed. Output escapes them wherever text is shown. The browser's
// form schemas and the server apply this same function, so what the applicant sees is stored.

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** `<!DOCTYPE ...>`, `<![CDATA[ ... ]]>`, `<?xml ... ?>`. */
const DECLARATION = /<(?:![A-Za-z[]|\?)[^>]*(?:>|$)/g;
const SCRIPT_OR_STYLE = /<(script|style|template|iframe|noscript|xmp|textarea|title)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** An end tag: `</b>`, `</x>`. Text has no reason to write `</` followed by a name. */
const END_TAG = /<\/[A-Za-z][^<>]*(?:>|$)/g;
/**
 * A start tag: its name, then attributes (or nothing), then `>` or the end of the input (an unclosed
 * `<img src=x onerror=...` at the end). Whether it is markup is decided by isMarkup.
 */
const START_TAG = /<([A-Za-z][A-Za-z0-9-]*)((?:[\s/][^<>]*)?)(>|$)/g;
/** A tag with an attribute that has a value (`<x onerror=...>`, `<a href="...">`) is markup whatever its name. */
const ATTRIBUTE_WITH_VALUE = /[^\s"'=<>/]+\s*=/;

/** HTML, SVG and MathML element names that can carry content, scripts or styles. */
const ELEMENTS = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup ' +
    'data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure font footer form frame frameset ' +
    'h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee menu ' +
    'meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search ' +
    'section select slot small source span strike strong style sub summary sup table tbody td template textarea tfoot th ' +
    'thead time title tr track tt u ul var video wbr svg math animate set use image foreignobject ' +
    'center blink applet basefont big keygen listing nobr noembed noframes plaintext xmp'
  ).split(' '),
);

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * An attribute with a value makes any tag markup. Otherwise a closed tag is markup when it names an
 * element written as markup is (`<b>`, `<IMG>`), not as a capitalised word (`<Central>`, `<Main>`);
 * an unclosed one never is ("children <a year old").
 */
function isMarkup(name: string, attributes: string, closed: boolean): boolean {
  if (ATTRIBUTE_WITH_VALUE.test(attributes)) return true;
  const element = ELEMENTS.has(name.toLowerCase()) && (name === name.toLowerCase() || name === name.toUpperCase());
  return closed && element;
}

function stripTags(input: string): string {
  return input
    .replace(COMMENT, '')
    .replace(SCRIPT_OR_STYLE, '')
    .replace(DECLARATION, '')
    .replace(END_TAG, '')
    .replace(START_TAG, (tag: string, name: string, attributes: string, end: string) => (isMarkup(name, attributes, end === '>') ? '' : tag));
}

/** Removes markup and control characters, trims, and keeps line breaks and `<`, `>`, `&` used as text. */
export function stripMarkup(input: string): string {
  // Removing one tag can join the halves of another ("<scr<b>ipt>"): repeat until nothing changes.
  let text = input.replace(CONTROL, '');
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = stripTags(text);
  }
  return text.trim();
}

/** Names: markup removed and runs of white space folded into one space. */
export function sanitizeName(input: string): string {
  return stripMarkup(input).replace(/\s+/g, ' ');
}

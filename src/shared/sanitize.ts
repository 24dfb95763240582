// Free text is stored and shown as plain text: markup is removed, not escaped (spec §5).

const COMMENT = /<!--[\s\S]*?(-->|$)/g;
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-z!?][^>]*(>|$)/gi;
// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Removes markup and control characters, trims, and keeps line breaks. */
export function stripMarkup(input: string): string {
  return input
    .replace(COMMENT, '')
    .replace(SCRIPT_OR_STYLE, '')
    .replace(TAG, '')
    .replace(/[<>]/g, '')
    .replace(CONTROL, '')
    .trim();
}

/** Names: markup removed and runs of white space folded into one space. */
export function sanitizeName(input: string): string {
  return stripMarkup(input).replace(/\s+/g, ' ');
}

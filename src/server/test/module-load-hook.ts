// Loaded with `node --import` before the server (src/server/lazy-modules.test.ts): writes
// `module-loaded:<name>` to stderr the first time the server resolves one of the heavy packages,
// or the bundled places (`places-fixture`).
import { registerHooks } from 'node:module';

const WATCHED = new Set(['sharp', 'pdf-lib', 'nodemailer']);
/** Our own modules, watched by the end of their specifier. */
const WATCHED_FILES: Record<string, string> = { '/places/fixture.ts': 'places-fixture', './fixture.ts': 'places-fixture' };
const reported = new Set<string>();

const nameOf = (specifier: string, parent: string | undefined): string | null => {
  if (WATCHED.has(specifier)) return specifier;
  const suffix = Object.keys(WATCHED_FILES).find((end) => specifier.endsWith(end));
  if (!suffix) return null;
  // './fixture.ts' counts only when imported from the places folder.
  if (suffix.startsWith('./') && !parent?.includes('/services/places/')) return null;
  return WATCHED_FILES[suffix]!;
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const name = nameOf(specifier, context.parentURL);
    if (name && !reported.has(name)) {
      reported.add(name);
      process.stderr.write(`module-loaded:${name}\n`);
    }
    return nextResolve(specifier, context);
  },
});

// Loaded with `node --import` before the server (src/server/lazy-modules.test.ts): writes
// `module-loaded:<name>` to stderr the first time the server resolves one of the heavy packages.
import { registerHooks } from 'node:module';

const WATCHED = new Set(['sharp', 'pdf-lib', 'nodemailer']);
const reported = new Set<string>();

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (WATCHED.has(specifier) && !reported.has(specifier)) {
      reported.add(specifier);
      process.stderr.write(`module-loaded:${specifier}\n`);
    }
    return nextResolve(specifier, context);
  },
});

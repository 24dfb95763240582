// What the server's log may hold (docs/security.md V16): request lines without query strings and
// with token path segments masked, and errors without the parameters of a failed query or any
// e-mail address. No coordinates either (decision 0054): a patient's point may arrive in a path
// (a client that builds its URL wrongly) or be quoted by an error, so a path segment holding a
// number with a fraction is masked, and so is such a number in free text. Installed as pino
// serializers on Fastify's logger (app.ts), so every line written through app.log / request.log,
// also by services, goes through them.
import type { FastifyServerOptions } from 'fastify';
import { UUID_PATTERN } from '#shared/schemas/fields.ts';

const MASK = '[token]';
const EMAIL_MASK = '[email]';
const NUMBER_MASK = '[number]';

/** A number with two or more decimals (a coordinate to within a kilometre), also with a comma or an encoded dot. */
const FRACTION = /\d(?:[.,]|%2[ceCE])\d{2}/;
/** In free text: numbers with four or more decimals (IP addresses, versions and times in seconds keep theirs). */
const LONG_FRACTION = /[-+]?\d+[.,]\d{4,}/g;
/** A query string after a path in free text ("No route matches /uk/finder?lat=..."): cut off like a URL's. */
const PATH_QUERY = /((?:^|[\s"'(=`])\/[^\s?#"'<>`]*)[?#][^\s"'<>`]*/g;

/** A path segment that is a secret: edit, draft, sign-in and data-rights tokens, photo names. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9]{1,8})?$/;
/** Paths whose last segment is always a token, however short or odd it is. */
const TOKEN_PARENTS = ['/pharmacist/edit/', '/api/drafts/', '/api/data-rights/', '/my-application/'];
// No "/" before the "@": a path such as node_modules/@scope/name.js is not an address.
const EMAIL = /[^\s"'<>(),;:@/]+@[^\s"'<>(),;:@]+\.[^\s"'<>(),;:@]+/g;

/** Route names such as save-temp-pharmacist-image: lower-case words and hyphens, never a random token. */
const ROUTE_WORDS = /^[a-z]+(?:-[a-z]+)*$/;

function isTokenSegment(segment: string): boolean {
  // Staff ids in paths are UUIDs: not secrets (access is checked), and useful to read in a log.
  return TOKEN_SEGMENT.test(segment) && !UUID_PATTERN.test(segment) && !ROUTE_WORDS.test(segment);
}

/** A path segment for the log: a secret becomes "[token]", a number with a fraction (a coordinate) "[number]". */
function maskSegment(segment: string): string {
  if (isTokenSegment(segment)) return MASK;
  return FRACTION.test(segment) ? NUMBER_MASK : segment;
}

/** The request path for the log: no query string, token segments replaced by "[token]", numbers with a fraction by "[number]". */
export function loggableUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const parent = TOKEN_PARENTS.find((prefix) => path.includes(prefix));
  const segments = path.split('/').map(maskSegment);
  let masked = segments.join('/');
  if (parent) {
    const at = masked.indexOf(parent) + parent.length;
    const rest = masked.slice(at);
    const slash = rest.indexOf('/');
    masked = masked.slice(0, at) + (rest === '' ? '' : MASK) + (slash === -1 ? '' : rest.slice(slash));
  }
  return masked;
}

/** Free text for the log: query strings of URLs and paths cut off, e-mail addresses, token-like words and long fractions masked. */
export function loggableText(text: string): string {
  return text
    .replace(/(https?:\/\/[^\s?#"'<>]+)[?#][^\s"'<>]*/g, '$1')
    .replace(PATH_QUERY, '$1')
    .replace(LONG_FRACTION, NUMBER_MASK)
    .replace(EMAIL, EMAIL_MASK)
    .replace(/[A-Za-z0-9_-]{20,}/g, (word) => (isTokenSegment(word) ? MASK : word));
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: loggableUrl(request.url ?? ''),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Error fields never logged: a failed query's parameters (drizzle `params`), the row a constraint
 * refused (PostgreSQL `detail`, e.g. "Key (email)=(...) already exists"), SMTP recipients.
 */
const DROPPED_ERROR_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'accepted', 'rejected', 'rejectedErrors', 'envelope', 'response']);

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as a plain object for the log: type, message, stack, code and harmless fields; its cause likewise. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: loggableText(String(error)), stack: '' };
  const source = error as Partial<Error> & Record<string, unknown>;
  // drizzle's DrizzleQueryError puts the parameters in its message too: keep the statement only.
  const message = typeof source.message === 'string' ? source.message.replace(/\nparams: [\s\S]*$/, '') : '';
  // The stack begins with the message: log only the frames below it.
  const stack =
    typeof source.stack === 'string'
      ? source.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : '';
  const out: LoggedError = { type: source.constructor?.name ?? 'Error', message: loggableText(message), stack };
  for (const [key, value] of Object.entries(source)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || DROPPED_ERROR_FIELDS.has(key)) continue;
    if (typeof value === 'string') out[key] = loggableText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (source.cause !== undefined && depth < 4) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

const logSerializers = {
  req: serializeRequest,
  err: (error: unknown) => serializeError(error),
  error: (error: unknown) => serializeError(error),
};

/** Fastify's logger option with our serializers added (false stays false: no logger). */
export function withLogSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

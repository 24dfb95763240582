// What one endpoint is: method, path (Fastify's `:param` syntax), the zod schema its body or
// query is validated with (null when there is none, or when it depends on the body itself), and
// the types of its request and answer. Contracts are plain objects, so a bundle keeps only those it uses. The browser's fetchers and the server's routes both read
// these, so a path, a method or a field name is written once (spec §7, DESIGN §6).
import type * as z from 'zod/mini';

type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface Contract<Request, Answer, Method extends HttpMethod = HttpMethod> {
  readonly method: Method;
  readonly path: string;
  readonly request: z.core.$ZodType | null;
  /** Types only: never set at run time. */
  readonly types?: { request: Request; answer: Answer };
}

export type RequestOf<C> = C extends Contract<infer R, unknown> ? R : never;
export type AnswerOf<C> = C extends Contract<unknown, infer A> ? A : never;

/** A request whose `basePath` is the page's own (SiteConfig.basePath); the server accepts only the market prefixes. */
export type WithBasePath<Schema extends z.core.$ZodType> = Omit<z.input<Schema>, 'basePath'> & { basePath?: string };

/** The path with its `:param` segments filled in (encoded), e.g. '/api/drafts/:token' -> '/api/drafts/abc'. */
export function pathOf(c: Pick<Contract<unknown, unknown>, 'path'>, params: Record<string, string> = {}): string {
  return c.path.replace(/:([A-Za-z]+)/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${c.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

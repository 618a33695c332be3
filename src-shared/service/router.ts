import { ErrorText, ServiceError, needLogin } from '../api/errors';
import { z } from 'zod';
import type { Access, Ctx, CtxFor, SignedInCtx } from './context';
import { parseInput } from './validate';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The two kinds of access, as the route tables name them. */
export const anyone = 'anyone' satisfies Access;
export const signedIn = 'signed-in' satisfies Access;

/** What a route declares besides its handler: one line of the routing table says all of it. */
interface RouteFacts {
  method: Method;
  /** Literal segments and `:name` captures, e.g. `/api/posts/:guid/star`. */
  pattern: string;
  access: Access;
  /** The request variables (query string and body, service/params.ts), parsed before the handler runs. */
  input?: z.ZodType;
  /** What the handler answers (the envelope's `data`); the contract test parses real answers with it. */
  output: z.ZodType;
  /** Section 5.1: a few operations also take the token as the `token` variable. */
  tokenVariable?: boolean;
  /**
   * Handlers run inside one store transaction (read-only for GET) unless this is false: handlers that await
   * other work (Web Crypto) must not, because IndexedDB commits a transaction that sits idle.
   */
  transaction?: false;
}

/** A routing table entry: its facts, and its handler behind the checks the facts call for. */
export interface Route extends RouteFacts {
  run(ctx: Ctx): Promise<unknown>;
}

type InputOf<I> = I extends z.ZodType ? z.output<I> : undefined;

/**
 * Declares a route. Its handler gets the context its access promises and the input its schema makes, and
 * must answer what `output` says: a mismatch is a compile error, not a surprise for a client.
 */
export function route<O extends z.ZodType, A extends Access, I extends z.ZodType | undefined = undefined>(
  declaration: RouteFacts & {
    access: A;
    input?: I;
    output: O;
    handler: (ctx: CtxFor<A>, input: InputOf<I>) => Promise<z.output<O>>;
  },
): Route {
  const { handler, ...facts } = declaration;
  const contextFor = (ctx: Ctx): CtxFor<A> => (facts.access === signedIn ? withViewer(ctx) : ctx) as CtxFor<A>;
  const inputOf = (ctx: Ctx): InputOf<I> => (facts.input ? parseInput(facts.input, ctx.params) : undefined) as InputOf<I>;
  return {
    ...facts,
    // Access is checked before input, so that a stranger learns nothing from which variables are wrong.
    run: async (ctx) => {
      const checked = contextFor(ctx);
      return handler(checked, inputOf(ctx));
    },
  };
}

/**
 * Parses an answer with its route's declared output. The compiler holds handlers to it already; this
 * catches what types cannot see (a value out of a declared range, a list where one of a few is promised),
 * where a loud failure is wanted: in tests, every answer is checked.
 */
export function checkAnswer(route: Route, data: unknown): void {
  const result = route.output.safeParse(data);
  if (!result.success) {
    // A union's issues hide inside it; the first few kilobytes of them name the field that broke it.
    const issues = JSON.stringify(result.error.issues).slice(0, 4000);
    throw new Error(`${route.method} ${route.pattern} answered outside its contract:\n${z.prettifyError(result.error)}\n${issues}`);
  }
}

/** The context of a signed-in route, or the spec's 403 "You Need to Log In First". */
function withViewer(ctx: Ctx): SignedInCtx {
  const { viewer } = ctx;
  if (!viewer) throw needLogin();
  return { ...ctx, viewer };
}

export interface Match {
  route: Route;
  path: Record<string, string>;
}

const splitPath = (path: string): string[] => path.split('/').filter(Boolean);

function capture(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const out: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) out[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return out;
}

/**
 * A small routing table. A path is matched by its most literal patterns only (`/api/posts/global` rather
 * than `/api/posts/:guid`), whatever their method, so that `DELETE /api/posts/global` is a wrong method
 * (405) and not a request to delete a post called "global". Among those, the first route with the method
 * wins. A path that exists for another method is a 405, an unknown path a 404.
 */
export function createRouter(routes: readonly Route[]) {
  const compiled = routes.map((route) => {
    const parts = splitPath(route.pattern);
    return { route, parts, literals: parts.filter((part) => !part.startsWith(':')).length };
  });
  return (method: string, pathname: string): Match => {
    let decoded: string[];
    try {
      decoded = splitPath(pathname).map(decodeURIComponent);
    } catch {
      throw new ServiceError(404, ErrorText.unknownEndpoint);
    }
    let best: { literals: number; match: Match | null } | null = null;
    for (const { route, parts, literals } of compiled) {
      const path = capture(parts, decoded);
      if (!path || (best && literals < best.literals)) continue;
      if (!best || literals > best.literals) best = { literals, match: null };
      if (route.method === method) best.match ??= { route, path };
    }
    if (best?.match) return best.match;
    if (best) throw new ServiceError(405, ErrorText.methodNotAllowed);
    throw new ServiceError(404, ErrorText.unknownEndpoint);
  };
}

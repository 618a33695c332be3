import { ErrorText, ServiceError } from '../api/errors';
import type { z } from 'zod';
import type { Handler } from './context';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Route {
  method: Method;
  /** Literal segments and `:name` captures, e.g. `/api/posts/:guid/star`. */
  pattern: string;
  handler: Handler;
  /** Section 5.1: a few operations also take the token as the `token` variable. */
  tokenVariable?: boolean;
  /**
   * Handlers run inside one store transaction (read-only for GET) unless this is false: handlers that await
   * other work (Web Crypto) must not, because IndexedDB commits a transaction that sits idle.
   */
  transaction?: false;
  /**
   * What the handler answers (the envelope's `data`), where the route declares it: made with `declared`,
   * the handler's return type must match it, and the contract test parses real answers with it.
   */
  output?: z.ZodType;
}

/** A route whose handler is held to its declared output at compile time. */
export function declared<Output extends z.ZodType>(route: Omit<Route, 'handler' | 'output'> & { output: Output; handler: Handler<z.output<Output>> }): Route {
  return route;
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

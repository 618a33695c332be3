import { ErrorText, ServiceError } from '../api/errors';
import type { Handler } from './context';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Route {
  method: Method;
  /** Literal segments and `:name` captures, e.g. `/api/posts/:guid/star`. */
  pattern: string;
  handler: Handler;
  /** Section 5.1: a few operations also take the token as the `token` variable. */
  tokenVariable?: boolean;
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
    const segment = segments[i]!;
    if (part.startsWith(':')) out[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return out;
}

/**
 * A small routing table. Literal routes are listed before captures that would also match them
 * (`/api/posts/global` before `/api/posts/:guid`): the first match wins. A path that exists for another
 * method is a 405, an unknown path a 404.
 */
export function createRouter(routes: readonly Route[]) {
  const compiled = routes.map((route) => ({ route, parts: splitPath(route.pattern) }));
  return (method: string, pathname: string): Match => {
    let decoded: string[];
    try {
      decoded = splitPath(pathname).map(decodeURIComponent);
    } catch {
      throw new ServiceError(404, ErrorText.unknownEndpoint);
    }
    let pathExists = false;
    for (const { route, parts } of compiled) {
      const path = capture(parts, decoded);
      if (!path) continue;
      if (route.method === method) return { route, path };
      pathExists = true;
    }
    if (pathExists) throw new ServiceError(405, ErrorText.methodNotAllowed);
    throw new ServiceError(404, ErrorText.unknownEndpoint);
  };
}

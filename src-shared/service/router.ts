import { z } from 'zod';
import { ErrorText, ServiceError, needLogin } from '../api/errors';
import {
  answersOwnResponse,
  signedIn,
  type AnswerOf,
  type InputOf,
  type Need,
  type PathOf,
  type RouteContract,
  type RouteMap,
} from '../api/route-contract';
import type { BackupsCtx, CtxFor, RequestCtx, SignedInCtx, SyncCtx, Viewer } from './context';
import { parseInput } from './validate';

/** What a route's handler sees: the context its access and its needs promise. */
export type CtxOf<R extends RouteContract> = R extends { needs: 'sync' }
  ? SyncCtx
  : R extends { needs: 'backups' }
    ? BackupsCtx
    : CtxFor<R['access']>;

/**
 * A route's work: given the context, the input its schema made and its path parameters as declared, it
 * answers what the route declares (the envelope's `data`, or the file's Response). A mismatch with the
 * contract is a compile error, not a surprise for a client.
 */
export type RouteHandler<R extends RouteContract> = (
  ctx: CtxOf<R>,
  input: InputOf<R>,
  path: PathOf<R>,
) => Promise<AnswerOf<R>>;

/**
 * How the service implements a route: its handler, which runs inside one store transaction (read-only for
 * GET), or one that must not: a handler that awaits other work (Web Crypto, a remote, a file) would see
 * IndexedDB commit a transaction that sits idle.
 */
export type Implementation<R extends RouteContract> =
  RouteHandler<R> | { readonly handler: RouteHandler<R>; readonly transaction: false };

/** A handler for every route of a map, by name: one missing, or one too many, does not compile. */
export type Implementations<M extends RouteMap> = { readonly [N in keyof M]: Implementation<M[N]> };

/** A handler that runs outside the request's store transaction (see Implementation). */
export const outsideTransaction = <H>(handler: H): { readonly handler: H; readonly transaction: false } => ({
  handler,
  transaction: false,
});

/** A route as the service serves it: its contract, and its handler behind the checks the contract calls for. */
export interface Route extends RouteContract {
  readonly name: string;
  readonly transaction: boolean;
  /** `captured`: the path's `:name` segments, decoded. */
  run(ctx: RequestCtx, captured?: Readonly<Record<string, string>>): Promise<unknown>;
}

/**
 * A route with its implementation. In this order the request is checked: access first, so that a stranger
 * learns nothing from which variables are wrong; then the variables; then what the host must have (503
 * without it); then the path parameters; then the handler checks the rest.
 */
export function implement<R extends RouteContract>(
  name: string,
  contract: R,
  implementation: Implementation<R>,
): Route {
  const { handler, transaction } =
    typeof implementation === 'function' ? { handler: implementation, transaction: true } : implementation;
  return {
    ...contract,
    name,
    transaction,
    run: async (ctx, captured = {}) => {
      const viewing = contract.access === signedIn ? withViewer(ctx) : ctx;
      const input = (contract.input ? parseInput(contract.input, ctx.params) : undefined) as InputOf<R>;
      if (contract.needs) requireNeed(ctx, contract.needs);
      const path = pathOf(contract, captured) as PathOf<R>;
      const checked = { ...viewing, acting: actingOf(ctx.viewer, input) } as CtxOf<R>;
      return handler(checked, input, path);
    },
  };
}

/** Every route of `map` with its implementation, in the map's order. */
export function implementAll<M extends RouteMap>(map: M, implementations: Implementations<M>): Route[] {
  return Object.entries(map).map(([name, contract]) =>
    implement(name, contract, implementations[name as keyof M] as Implementation<RouteContract>),
  );
}

/**
 * Parses an answer with its route's declared output. The compiler holds handlers to it already; this
 * catches what types cannot see (a value out of a declared range, a list where one of a few is promised),
 * where a loud failure is wanted: in tests, every answer is checked. A file or a stream is not an envelope's data.
 */
export function checkAnswer(route: Pick<Route, 'method' | 'pattern' | 'output'>, data: unknown): void {
  if (answersOwnResponse(route.output)) return;
  const result = route.output.safeParse(data);
  if (!result.success) {
    // A union's issues hide inside it; the first few kilobytes of them name the field that broke it.
    const issues = JSON.stringify(result.error.issues).slice(0, 4000);
    throw new Error(
      `${route.method} ${route.pattern} answered outside its contract:\n${z.prettifyError(result.error)}\n${issues}`,
    );
  }
}

/** The context of a signed-in route, or the spec's 403 "You Need to Log In First". */
function withViewer(ctx: RequestCtx): Omit<SignedInCtx, 'acting'> {
  const { viewer } = ctx;
  if (!viewer) throw needLogin();
  return { ...ctx, viewer };
}

const NEEDS: Record<Need, { has: (ctx: RequestCtx) => boolean; text: string }> = {
  sync: { has: (ctx) => ctx.sync !== null, text: ErrorText.syncUnavailable },
  backups: { has: (ctx) => ctx.backups !== null, text: ErrorText.backupsUnavailable },
};

function requireNeed(ctx: RequestCtx, need: Need): void {
  if (!NEEDS[need].has(ctx)) throw new ServiceError(503, NEEDS[need].text);
}

/** The path parameters as the route declares them; one it does not declare is its text. */
function pathOf(contract: RouteContract, captured: Readonly<Record<string, string>>): Record<string, unknown> {
  const path: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(captured)) {
    const param = contract.path?.[name];
    if (!param) {
      path[name] = text;
      continue;
    }
    const parsed = param.schema.safeParse(text);
    if (parsed.success) path[name] = parsed.data;
    else if (param.refusal) throw new ServiceError(param.refusal.code, param.refusal.text);
    else path[name] = null;
  }
  return path;
}

/** The variable that names the acting Persona, in every route whose answer shows stars and pins. */
const ACTING = 'persona_guid';

/**
 * The Persona whose stars and pins an answer shows: the input's `persona_guid` when it is one of the
 * viewer's, otherwise the viewer's first (a route that acts with it refuses a wrong one itself).
 */
function actingOf(viewer: Viewer | null, input: unknown): string | null {
  const personas = viewer?.personaGuids ?? [];
  const value: unknown =
    typeof input === 'object' && input !== null && ACTING in input
      ? (input as Record<string, unknown>)[ACTING]
      : undefined;
  const asked = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (asked && personas.find((g) => g === asked)) || personas[0] || null;
}

export interface Match {
  route: Route;
  /** The path's `:name` segments, decoded. */
  captured: Record<string, string>;
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
      const captured = capture(parts, decoded);
      if (!captured || (best && literals < best.literals)) continue;
      if (!best || literals > best.literals) best = { literals, match: null };
      if (route.method === method) best.match ??= { route, captured };
    }
    if (best?.match) return best.match;
    if (best) throw new ServiceError(405, ErrorText.methodNotAllowed);
    throw new ServiceError(404, ErrorText.unknownEndpoint);
  };
}

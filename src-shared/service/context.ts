import type { AccountSnapshot } from '../store/account-snapshot';
import type { PublishingDb } from '../store/db';
import type { Clock } from '../util/clock';
import type { SyncEngine } from '../sync/engine';
import type { SignInCodes } from './sign-in-codes';
import type { SignInGuard } from './sign-in-guard';
import type { Params } from './params';
import type { BackupsControl } from '../api/backups';
import type { Extension } from '../api/about';
import type { Access } from '../api/route-contract';

/** Who is asking: the account behind the token, or nobody. */
export interface Viewer {
  accountGuid: string;
  /** The account's Personas, first one first. */
  personaGuids: readonly string[];
}

/** Everything a handler may use. Handlers return data or throw a ServiceError. */
export interface Ctx {
  request: Request;
  db: PublishingDb;
  clock: Clock;
  /** Scheme and host the client used; completes canonical URLs. */
  origin: string;
  params: Params;
  /** Null when no token was sent; a wrong token never gets here (it is refused). */
  viewer: Viewer | null;
  /**
   * The Persona whose stars and pins the answer's posts show: the route's `persona_guid` when it is one of
   * the viewer's, otherwise the viewer's first; null without a viewer (service/router.ts).
   */
  acting: string | null;
  /**
   * Every Persona, Channel and grant as the request began. A handler that changes them reads what it
   * changed from the store, not from here.
   */
  account: AccountSnapshot;
  /** Unix seconds at the start of the request, so one request sees one "now". */
  now: number;
  /**
   * The store's write version as the request began (store/write-watch.ts): while it holds, what the
   * request presents is what any request would, and may be kept (presented-posts.ts).
   */
  version: number;
  /** The host's sync engine; null where sync does not run. */
  sync: SyncEngine | null;
  /** Counts wrong passwords, and says who has to wait (sign-in-guard.ts). */
  signIns: SignInGuard;
  /** The one-time codes of the sign-in links this host printed; null where it prints none (the desktop app). */
  signInCodes: SignInCodes | null;
  /** The host's backups; null where none are kept (tests, a service without a data folder). */
  backups: BackupsControl | null;
  /** The extensions of `/api/about` this service offers: those whose routes it serves. */
  extensions: readonly Extension[];
}

/** What the service knows of a request before its route has read it (service/router.ts adds the rest). */
export type RequestCtx = Omit<Ctx, 'acting'>;

/** What a handler of a `signed-in` route sees: the router has made sure there is a viewer. */
export interface SignedInCtx extends Ctx {
  viewer: Viewer;
}

export type CtxFor<A extends Access> = A extends 'signed-in' ? SignedInCtx : Ctx;

/** What a handler of a route that needs sync or backups sees: the router has made sure the host has them. */
export interface SyncCtx extends SignedInCtx {
  sync: SyncEngine;
}
export interface BackupsCtx extends SignedInCtx {
  backups: BackupsControl;
}

/**
 * A route's work, given its input as the route's schema parsed it; the answer it gives is the envelope's
 * `data`, held to the route's declared output at compile time (router.ts).
 */
export type Handler<Answer, Input = undefined> = (ctx: Ctx, input: Input) => Promise<Answer>;
export type SignedInHandler<Answer, Input = undefined> = (ctx: SignedInCtx, input: Input) => Promise<Answer>;

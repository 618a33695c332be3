import type { AccountSnapshot } from '../store/account-snapshot';
import type { PublishingDb } from '../store/db';
import type { Clock } from '../util/clock';
import type { SyncEngine } from '../sync/engine';
import type { SignInCodes } from './sign-in-codes';
import type { SignInGuard } from './sign-in-guard';
import type { Params } from './params';
import type { BackupsControl } from '../api/backups';

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
  /** Path segments captured by the route (`:guid` and the like). */
  path: Readonly<Record<string, string>>;
  /** Null when no token was sent; a wrong token never gets here (it is refused). */
  viewer: Viewer | null;
  /**
   * Every Persona, Channel and grant as the request began. A handler that changes them reads what it
   * changed from the store, not from here.
   */
  account: AccountSnapshot;
  /** Unix seconds at the start of the request, so one request sees one "now". */
  now: number;
  /** The host's sync engine; null where sync does not run. */
  sync: SyncEngine | null;
  /** Counts wrong passwords, and says who has to wait (sign-in-guard.ts). */
  signIns: SignInGuard;
  /** The one-time codes of the sign-in links this host printed; null where it prints none (the desktop app). */
  signInCodes: SignInCodes | null;
  /** The host's backups; null where none are kept (tests, a service without a data folder). */
  backups: BackupsControl | null;
  /** The host answers the archive's routes beside the service (`export`, `restore_archive`; src-main/archive/archive-routes.ts). */
  exportsArchive: boolean;
}

/** Who may call a route: anyone (a viewer, if any, may see more), or only with a token that signs in. */
export type Access = 'anyone' | 'signed-in';

/** What a handler of a `signed-in` route sees: the router has made sure there is a viewer. */
export interface SignedInCtx extends Ctx {
  viewer: Viewer;
}

export type CtxFor<A extends Access> = A extends 'signed-in' ? SignedInCtx : Ctx;

/**
 * A route's work, given its input as the route's schema parsed it; the answer it gives is the envelope's
 * `data`, held to the route's declared output at compile time (router.ts).
 */
export type Handler<Answer, Input = undefined> = (ctx: Ctx, input: Input) => Promise<Answer>;
export type SignedInHandler<Answer, Input = undefined> = (ctx: SignedInCtx, input: Input) => Promise<Answer>;

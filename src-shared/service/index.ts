import type { PublishingDb } from '../store/db';
import { accountSnapshot, markAccountRows } from '../store/account-snapshot';
import { inTransaction } from '../store/transaction';
import { systemClock, type Clock } from '../util/clock';
import { needsTouch, tokenFrom, tokenKey, touchToken, viewerOf } from './auth';
import { createSignInGuard } from './sign-in-guard';
import type { SignInCodes } from './sign-in-codes';
import type { TokenRow } from '../store/rows';
import type { Ctx } from './context';
import { readParams } from './params';
import { fail, ok, styleOfPath, type EnvelopeStyle } from './respond';
import { checkAnswer, createRouter } from './router';
import { legacyRoutes } from './legacy/routes';
import { instanceRoutes } from './routes';
import type { SyncEngine } from '../sync/engine';
import type { Activity } from '../util/activity';
import type { BackupsControl } from '../api/backups';

export interface ServiceDeps {
  db: PublishingDb;
  clock?: Clock;
  /** Serves /api/sync/...; without it those answer 503. */
  sync?: SyncEngine;
  /** Told about failures that are not the client's fault (they answer 500); hosts log them. */
  onUnexpectedError?: (error: unknown) => void;
  /** Told when each request begins and ends, for background work that waits for a quiet moment. */
  activity?: Activity;
  /** Parse every answer with its route's declared output, answering 500 when it does not match (tests). */
  checkAnswers?: boolean;
  /** The one-time codes of the sign-in links the host prints (sign-in-codes.ts); without it there are none. */
  signInCodes?: SignInCodes;
  /** The host's backups (src-main/host/backups/); without them /api/backups answers 503. */
  backups?: BackupsControl;
  /** The host answers `GET /api/instance/export` beside the service (src-main/archive/export-route.ts). */
  exportsArchive?: boolean;
}

/** The Publishing Service: one Fetch-style function, the same in every host. */
export type Service = (request: Request) => Promise<Response>;

export function createService(deps: ServiceDeps): Service {
  const clock = deps.clock ?? systemClock;
  const route = createRouter([...instanceRoutes, ...legacyRoutes]);
  const signIns = createSignInGuard();
  return async (request) => {
    let style: EnvelopeStyle = 'instance';
    const ended = deps.activity?.begin();
    try {
      const url = new URL(request.url);
      style = styleOfPath(url.pathname);
      const match = route(request.method.toUpperCase(), url.pathname);
      const params = await readParams(request, url);
      const key = await tokenKey(tokenFrom(request, params, match.route.tokenVariable ?? false));
      const now = Math.floor(clock.now() / 1000);
      // The token row the request used, set inside the handler's transaction (below), for touching it after.
      const used: { token: TokenRow | null } = { token: null };
      const handle = async () => {
        const mark = markAccountRows(deps.db);
        // The transaction's first request comes before anything else (store/transaction.ts says why), and
        // the account rows are marked before it: the token's row, or for an anonymous request a settings row.
        const token = key === null ? await deps.db.settings.get('').then(() => null) : await deps.db.tokens.get(key);
        used.token = token ?? null;
        const account = await accountSnapshot(deps.db, mark);
        const viewer = viewerOf(token, account, now);
        const ctx: Ctx = {
          request,
          db: deps.db,
          clock,
          origin: url.origin,
          params,
          path: match.path,
          viewer,
          account,
          now,
          sync: deps.sync ?? null,
          signIns,
          signInCodes: deps.signInCodes ?? null,
          backups: deps.backups ?? null,
          exportsArchive: deps.exportsArchive === true,
        };
        return match.route.run(ctx);
      };
      // One transaction per request: one consistent view of the store, and on the SQLite backend one
      // commit instead of one per read or write (measured: 10 reads 15 ms apart, 2.8 ms together).
      const data =
        match.route.transaction === false
          ? await handle()
          : await inTransaction(deps.db, request.method === 'GET' ? 'r' : 'rw', handle, { startsWithRequest: true });
      if (deps.checkAnswers) checkAnswer(match.route, data);
      if (used.token && needsTouch(used.token, now)) void touchToken(deps.db, used.token, now);
      return ok(data, style);
    } catch (error) {
      return fail(error, deps.onUnexpectedError, style);
    } finally {
      ended?.();
    }
  };
}

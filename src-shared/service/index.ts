import type { PublishingDb } from '../store/db';
import { accountSnapshot, markAccountRows } from '../store/account-snapshot';
import { inTransaction } from '../store/transaction';
import { systemClock, type Clock } from '../util/clock';
import { isExpired, needsTouch, tokenFrom, tokenKey, touchToken, viewerOf } from './auth';
import { createKeptAnswers, keptKeyOf } from './kept-answers';
import { writeVersion } from '../store/write-watch';
import { createSignInGuard } from './sign-in-guard';
import type { SignInCodes } from './sign-in-codes';
import type { TokenRow } from '../store/rows';
import type { RequestCtx } from './context';
import { readParams } from './params';
import { fail, okEnvelopeText, okText, styleOfPath, type EnvelopeStyle } from './respond';
import { checkAnswer, createRouter, implementAll, type Implementations, type Route } from './router';
import { contentHandlers } from './legacy/routes';
import { userHandlers } from './legacy/user-routes';
import { backupHandlers, instanceHandlers, syncHandlers } from './routes';
import type { SyncEngine } from '../sync/engine';
import type { Activity } from '../util/activity';
import type { BackupsControl } from '../api/backups';
import { EXTENSIONS, type Extension } from '../api/about';
import { answersOwnResponse, type RouteContract } from '../api/route-contract';
import { routes } from '../api/routes';
import { archiveRoutes } from '../api/archive-routes';
import { eventRoutes } from '../api/event-routes';
import type { EventHub } from './event-hub';
import { eventHandlers } from './handlers/events';
import { instanceRoutes } from '../api/instance-routes';
import { syncRoutes } from '../api/sync-routes';
import { backupRoutes } from '../api/backup-routes';
import { contentRoutes, userRoutes } from '../api/legacy-routes';

/** The handlers of the archive's routes: the hosts' (src-main/instance/archive-routes.ts), which the service cannot run itself. */
export type ArchiveHandlers = Implementations<typeof archiveRoutes>;

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
  signInCodes?: SignInCodes | undefined;
  /** The host's backups (src-main/backups/); without them /api/backups answers 503. */
  backups?: BackupsControl;
  /** The archive's routes; without them there are none, and `/api/about` names neither `export` nor `restore_archive`. */
  archive?: ArchiveHandlers;
  /** The instance's changes (event-hub.ts), streamed by `GET /api/events`; without them there is no such route, and `/api/about` does not name `events`. */
  events?: EventHub;
}

/** The Publishing Service: one Fetch-style function, the same in every host. */
export type Service = (request: Request) => Promise<Response>;

export function createService(deps: ServiceDeps): Service {
  const clock = deps.clock ?? systemClock;
  const served = servedRoutes(deps.archive, deps.events);
  const route = createRouter(served);
  const extensions = offeredExtensions(served);
  const signIns = createSignInGuard();
  const kept = createKeptAnswers();
  const service: Service = async (request) => {
    let style: EnvelopeStyle = 'instance';
    const ended = deps.activity?.begin();
    try {
      const url = new URL(request.url);
      style = styleOfPath(url.pathname);
      const match = route(request.method.toUpperCase(), url.pathname);
      // A route that reads its own body (api/route-contract.ts) takes variables from the query string only.
      const params = await readParams(request, url, { body: match.route.body === undefined });
      const key = await tokenKey(tokenFrom(request, params, match.route.tokenVariable ?? false));
      const now = Math.floor(clock.now() / 1000);
      // A small read answered since the last write is answered again from memory (kept-answers.ts), with the
      // token checked and its use noted as below.
      const keptKey = keptKeyOf(match.route.name, url.origin, key);
      const version = writeVersion(deps.db);
      const known = keptKey === null ? undefined : kept.get(keptKey, version);
      if (known && !isExpired(known.token, now)) {
        if (needsTouch(known.token, now)) void touchToken(deps.db, known.token, now);
        return okText(known.body);
      }
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
        const ctx: RequestCtx = {
          request,
          db: deps.db,
          clock,
          origin: url.origin,
          params,
          viewer,
          account,
          now,
          version,
          sync: deps.sync ?? null,
          signIns,
          signInCodes: deps.signInCodes ?? null,
          backups: deps.backups ?? null,
          extensions,
        };
        return match.route.run(ctx, match.captured);
      };
      // One transaction per request: one consistent view of the store, and on the SQLite backend one
      // commit instead of one per read or write (measured: 10 reads 15 ms apart, 2.8 ms together).
      const data = match.route.transaction
        ? await inTransaction(deps.db, request.method === 'GET' ? 'r' : 'rw', handle, { startsWithRequest: true })
        : await handle();
      if (deps.checkAnswers) checkAnswer(match.route, data);
      // A file (the export's archive) or an event stream is the answer itself, not an envelope's data.
      const body = answersOwnResponse(match.route.output) ? null : okEnvelopeText(data, style);
      // Kept only when no write began or ended while it was read: then it holds until the next one does.
      if (body !== null && keptKey !== null && used.token && writeVersion(deps.db) === version)
        kept.keep(keptKey, { body, token: used.token, version }, body.length);
      if (used.token && needsTouch(used.token, now)) void touchToken(deps.db, used.token, now);
      return body === null ? (data as Response) : okText(body);
    } catch (error) {
      return fail(error, deps.onUnexpectedError, style);
    } finally {
      ended?.();
    }
  };
  return service;
}

/** Every route this service serves, in the order of api/routes.ts: the archive's and the events' where the host gives them. */
function servedRoutes(archive: ArchiveHandlers | undefined, events: EventHub | undefined): Route[] {
  return [
    ...implementAll(instanceRoutes, instanceHandlers),
    ...implementAll(syncRoutes, syncHandlers),
    ...implementAll(backupRoutes, backupHandlers),
    ...(archive ? implementAll(archiveRoutes, archive) : []),
    ...(events ? implementAll(eventRoutes, eventHandlers(events)) : []),
    ...implementAll(contentRoutes, contentHandlers),
    ...implementAll(userRoutes, userHandlers),
  ];
}

/** The extensions `/api/about` names: all, but those of routes (api/routes.ts) this service does not serve. */
function offeredExtensions(served: readonly Route[]): Extension[] {
  const servedNames = new Set(served.map((route) => route.name));
  const unserved = Object.entries(routes).flatMap(([name, route]: [string, RouteContract]) =>
    route.extension && !servedNames.has(name) ? [route.extension] : [],
  );
  return EXTENSIONS.filter((extension) => !unserved.includes(extension));
}

import { needLogin } from '../api/errors';
import type { PublishingDb } from '../store/db';
import { systemClock, type Clock } from '../util/clock';
import { resolveViewer, tokenFrom } from './auth';
import type { Ctx } from './context';
import { readParams } from './params';
import { fail, ok } from './respond';
import { createRouter } from './router';
import { instanceRoutes } from './routes';

export interface ServiceDeps {
  db: PublishingDb;
  clock?: Clock;
  /** Told about failures that are not the client's fault (they answer 500); hosts log them. */
  onUnexpectedError?: (error: unknown) => void;
}

/** The Publishing Service: one Fetch-style function, the same in every host. */
export type Service = (request: Request) => Promise<Response>;

export function createService(deps: ServiceDeps): Service {
  const clock = deps.clock ?? systemClock;
  const route = createRouter(instanceRoutes);
  return async (request) => {
    try {
      const url = new URL(request.url);
      const match = route(request.method.toUpperCase(), url.pathname);
      const params = await readParams(request, url);
      const viewer = await resolveViewer(deps.db, tokenFrom(request, params, match.route.tokenVariable ?? false));
      const ctx: Ctx = {
        request,
        db: deps.db,
        clock,
        origin: url.origin,
        params,
        path: match.path,
        viewer,
        now: Math.floor(clock.now() / 1000),
        requireViewer: () => {
          if (!viewer) throw needLogin();
          return viewer;
        },
      };
      return ok(await match.route.handler(ctx));
    } catch (error) {
      return fail(error, deps.onUnexpectedError);
    }
  };
}

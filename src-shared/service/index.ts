import type { PublishingDb } from '../store/db';
import type { Clock } from '../util/clock';

export interface ServiceDeps {
  db: PublishingDb;
  clock?: Clock;
}

/** The Publishing Service: one Fetch-style function, the same in every host. */
export type Service = (request: Request) => Promise<Response>;

export function createService(_deps: ServiceDeps): Service {
  throw new Error('not yet');
}

import { isIP } from 'node:net';
import { errorEnvelope } from './write';

/** The answer to a request addressed to a name this host does not answer to. */
export const UNKNOWN_NAME = 'This Instance Does Not Answer to That Name';

/**
 * The name a request was sent to (`Host`, without its port), lower case; null when there is none or it is
 * not a name at all.
 */
function nameOf(host: string | null): string | null {
  if (!host) return null;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match?.[1]?.toLowerCase().replace(/^\[(.*)\]$/, '$1') ?? null;
}

/**
 * Whether the headless host answers a request sent to `host`. A web page elsewhere can point a name of its
 * own at this machine (DNS rebinding) and have the person's browser send it requests, which then carry that
 * name: such names are refused. An address (`192.168.1.20`, `[::1]`) and `localhost` cannot be made to
 * stand for someone else's page, and are taken; other names only when the person named them (`--hostname`).
 */
export function answersTo(host: string | null, names: readonly string[]): boolean {
  const name = nameOf(host);
  if (name === null) return false;
  return isIP(name) !== 0 || name === 'localhost' || names.includes(name);
}

/** Wraps what the host serves: a request to another name is refused before it reaches the store or the page. */
export function onlyAt(
  target: (request: Request) => Promise<Response>,
  names: readonly string[],
): (request: Request) => Promise<Response> {
  const known = names.map((name) => name.toLowerCase());
  return async (request) =>
    answersTo(request.headers.get('host'), known) ? target(request) : errorEnvelope(421, UNKNOWN_NAME);
}

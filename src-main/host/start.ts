import { isIP } from 'node:net';
import path from 'node:path';
import { createSignInCodes } from '../../src-shared/service/sign-in-codes';
import { systemClock, type Clock } from '../../src-shared/util/clock';
import { contentSecurityPolicy, withPageHeaders } from './csp';
import { onlyAt } from './host-names';
import { createHttpHost } from './http';
import { createStaticSite, SIGN_IN_PATH } from './static';
import { keyFileBox } from './key-file-box';
import { logProblem, printable } from './printable';
import { openInstance, type InstanceLog } from '../instance/instance';
import type { RestoreOutcome } from '../../src-shared/api/backups';
import type { StartReport } from '../backups/at-start';

const CSP = contentSecurityPolicy();

/** What the host logs may quote a remote, an archive or a backup: it is made printable first (printable.ts). */
const HOST_LOG: InstanceLog = {
  problem: logProblem,
  line: (text) => console.error(printable(text)),
};

export interface HostOptions {
  host: string;
  port: number;
  dataDir: string;
  token: string;
  password?: string | undefined;
  /**
   * Names this host answers to besides its addresses and `localhost` (a home server's `desk.home.lan`):
   * requests sent to any other name are refused (host-names.ts).
   */
  hostnames?: readonly string[];
  /** Folder of the built renderer; tests point it at a temporary one. */
  staticRoot?: string;
  /**
   * Name of the database in `<dataDir>/db`. A process can keep databases in one folder only (see
   * sqlite-idb.ts), so tests that start several hosts in one process share a dataDir and vary this.
   */
  databaseName?: string | undefined;
  clock?: Clock;
  /** How often the sync scheduler looks for due remotes and outbox items; tests make it short. */
  syncTickMs?: number | undefined;
  /** How long after start the first automatic backup may be made (default a minute); tests make it short. */
  backupStartDelayMs?: number | undefined;
}

export interface RunningHost {
  /** Base URL of the instance, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** True when this start created the owner account: the data folder held no instance yet. */
  created: boolean;
  /** The data folder it serves. */
  dataDir: string;
  /** What this start did before opening the store: a staged restore, a backup before an upgrade. */
  startReport: StartReport;
  /**
   * A new one-time sign-in link, `<url>/sign-in#code=…`, that signs a browser in as the owner once, within
   * 15 minutes. The code rides in the fragment, which a browser never sends: it reaches no request line,
   * log or Referer; the page reads it and trades it for a session (POST /api/auth/code).
   */
  signInLink(): Promise<string>;
  /**
   * Stops in the instance's one order (instance.ts): no new request, those in flight answered, the background
   * work finished, then the store closed. No acknowledged write is lost.
   */
  close(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const clock = options.clock ?? systemClock;
  const signInCodes = createSignInCodes();
  const instance = await openInstance({
    dataDir: options.dataDir,
    databaseName: options.databaseName,
    token: options.token,
    password: options.password,
    clock,
    restart: 'host',
    secretBox: () => keyFileBox(path.join(options.dataDir, 'remote-key')),
    signInCodes,
    log: HOST_LOG,
    syncTickMs: options.syncTickMs,
    backupStartDelayMs: options.backupStartDelayMs,
  });
  try {
    // Every answer, the API's and the page's, is refused to other names and carries the page's headers.
    const guard = (target: (request: Request) => Promise<Response>) => {
      const named = onlyAt(target, options.hostnames ?? []);
      return async (request: Request) => withPageHeaders(await named(request), CSP);
    };
    const http = createHttpHost({
      service: guard(instance.service),
      site: guard(createStaticSite(options.staticRoot)),
    });
    const address = await http.listen(options.port, options.host);
    instance.start([http]);
    const url = `http://${urlHost(options.host, address.address)}:${address.port}`;
    return {
      url,
      created: instance.created,
      dataDir: options.dataDir,
      startReport: instance.startReport,
      signInLink: async () => `${url}${SIGN_IN_PATH}#code=${await signInCodes.issue(Math.floor(clock.now() / 1000))}`,
      close: () => instance.stop(),
    };
  } catch (error) {
    // Nothing has started: this closes the store and releases the folder.
    await instance.stop();
    throw error;
  }
}

/** What `npm run serve` prints of a restore it applied or could not apply. */
export function describeRestore(outcome: RestoreOutcome): string {
  if (outcome.applied) {
    const safety = outcome.safety_backup ? `; the store as it was is kept as backup ${outcome.safety_backup}` : '';
    return `Restored backup ${outcome.backup}${safety}`;
  }
  return `Could not restore ${outcome.backup}, so the store is unchanged: ${outcome.problem ?? 'no reason given'}`;
}

/**
 * A host for the printed URL. A name stays as given; an address listened on everywhere is shown as
 * loopback, which works on this machine and cannot be mistaken for a real destination.
 */
function urlHost(requested: string, bound: string): string {
  if (isIP(requested) === 0) return requested;
  if (bound === '0.0.0.0') return '127.0.0.1';
  if (bound === '::') return '[::1]';
  return isIP(bound) === 6 ? `[${bound}]` : bound;
}

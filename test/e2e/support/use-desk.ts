import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RunningHost } from '../../../src-main/host/start';
import { api, launchChromium, signedInPage, startDeskHost, tempDir } from './desk-page';

export interface DeskOptions {
  /** Names the folder of databases: `desk-e2e-<name>-…` under the system's temporary folder. */
  name: string;
  token: string;
  /** The host's database in that folder; `desk` unless told. */
  databaseName?: string;
  /** Lets the owner sign in with the name `owner` and this password. */
  password?: string;
  /** What is open once set up: a page signed in with the token (the default), a signed-out context with no page yet, or the browser alone. */
  open?: 'signed-in' | 'signed-out' | 'browser';
  colorScheme?: 'light' | 'dark';
  /** A clock the test moves ahead with page.clock.fastForward. */
  fakeClock?: boolean;
  /** A second host in the same folder, for the desk to sync with; started first, its first Persona given this name and handle. */
  remote?: { token: string; persona: { name: string; handle: string } };
  /** After the hosts start and before the browser opens: what the page should find on its first load. */
  arrange?: (desk: Desk) => Promise<unknown>;
  /** After the page is open, before the first test. */
  ready?: (desk: Desk) => Promise<unknown>;
  /**
   * Hosts, folder and page made afresh for every test (`arrange` and `ready` run each time; the browser is
   * shared): no test sees what another left behind, and any one of them runs alone.
   */
  freshForEachTest?: boolean;
}

/** Its functions use no `this`: they can be taken apart with the rest. */
export interface Desk {
  host: RunningHost;
  /** The signed-in page's context, or with `open: 'signed-out'` a context for the test's own pages. */
  context: BrowserContext;
  page: Page;
  /** Errors the signed-in page threw or logged; tests end by expecting none. */
  errors: string[];
  /** The remote host while it runs (see `remote` in DeskOptions). */
  remote: RunningHost;
  /** Stops the remote, as if it went away. */
  stopRemote: () => Promise<void>;
  /** Starts the remote again, on the port it had before. */
  startRemote: () => Promise<RunningHost>;
  /** Another page in a context of its own, signed in with the token (its errors not collected); closed after the last test. */
  openPage: (options?: { colorScheme?: 'light' | 'dark' }) => Promise<Page>;
  /** The posts shown with this text. */
  postWith: (text: string) => Locator;
}

/**
 * One host (and if asked a remote) with the built page, Chromium, and a page signed in with the owner token,
 * made before the first test of the calling `describe` and closed after its last (with `freshForEachTest`,
 * made before each test and closed before the next; the browser is still shared). What it returns can be
 * taken apart at once (`const { page, host } = useDesk(…)`): each part stands for what `beforeAll` makes,
 * read when a test uses it.
 */
export function useDesk(options: DeskOptions): Desk {
  let dataDir: string | undefined;
  let host: RunningHost | undefined;
  let remote: RunningHost | undefined;
  let remotePort = 0;
  /** With freshForEachTest, each test's databases are new ones in the one folder (sqlite-idb.ts allows one a process). */
  let round = 0;
  const named = (name: string) => (options.freshForEachTest ? `${name}-${round}` : name);
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  const startRemote = async () => {
    if (!options.remote || !dataDir) throw new Error('useDesk: no remote was asked for');
    remote = await startDeskHost({
      dataDir,
      databaseName: named('remote'),
      token: options.remote.token,
      port: remotePort,
    });
    remotePort = Number(new URL(remote.url).port);
    return remote;
  };

  const desk: Desk = {
    host: late(() => host, notMade('host')),
    context: late(() => context, notMade('context')),
    page: late(() => page, notMade('page')),
    errors,
    remote: late(() => remote, 'useDesk: the remote is not running'),
    startRemote,
    stopRemote: async () => {
      await remote?.close();
      remote = undefined;
    },
    openPage: async ({ colorScheme } = {}) => {
      if (!browser || !host) throw new Error(notMade('the browser'));
      const opened = await signedInPage(browser, host.url, options.token, { colorScheme });
      contexts.push(opened.context);
      return opened.page;
    },
    postWith: (text) => desk.page.getByRole('article').filter({ hasText: text }),
  };

  const setUp = async () => {
    dataDir ??= tempDir(`desk-e2e-${options.name}`);
    round += 1;
    if (options.remote) {
      const {
        token,
        persona: { name, handle },
      } = options.remote;
      const started = await startRemote();
      const [persona] = (await api(started.url, token, 'GET', '/api/account/personas')).json.data;
      await api(started.url, token, 'POST', `/api/account/personas/${persona.guid}`, { name, handle });
    }
    host = await startDeskHost({
      dataDir,
      databaseName: named(options.databaseName ?? 'desk'),
      token: options.token,
      password: options.password,
    });
    await options.arrange?.(desk);
    browser ??= await launchChromium();
    const open = options.open ?? 'signed-in';
    if (open === 'signed-in') {
      ({ context, page } = await signedInPage(browser, host.url, options.token, {
        colorScheme: options.colorScheme,
        fakeClock: options.fakeClock,
        errors,
      }));
    } else if (open === 'signed-out') {
      context = await browser.newContext({
        viewport: { width: 1200, height: 860 },
        colorScheme: options.colorScheme ?? 'light',
      });
    }
    await options.ready?.(desk);
  };

  const tearDown = async () => {
    for (const opened of contexts.splice(0)) await opened.close();
    await context?.close();
    await host?.close();
    await remote?.close();
    context = page = host = remote = undefined;
    remotePort = 0;
  };

  // Registered first, so that it runs after the other closing hooks.
  afterAll(async () => browser?.close());
  if (options.freshForEachTest) {
    // The last test's hosts and page are closed only now: a failed test's onTestFailed can still photograph its page.
    beforeEach(async () => {
      await tearDown();
      errors.length = 0;
      await setUp();
    }, 120_000);
  } else {
    beforeAll(setUp, 120_000);
  }
  afterAll(tearDown);

  return desk;
}

function notMade(what: string): string {
  return `useDesk: ${what} is made in beforeAll; use it inside a test or a hook`;
}

/** Stands for an object that does not exist yet: each property is read from it when used, its methods bound to it. */
function late<T extends object>(current: () => T | undefined, missing: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) {
        // `await` and Node's inspection ask for these of any object: answer as a plain object would.
        if (key === 'then' || typeof key === 'symbol') return undefined;
        throw new Error(missing);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange as FakeKeyRange } from 'fake-indexeddb';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { createService, type ArchiveHandlers, type Service } from '../../src-shared/service';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { publishChanges } from '../../src-shared/service/change-events';
import { createEventHub } from '../../src-shared/service/event-hub';
import { openDatabase, type IdbPlatform, type PublishingDb } from '../../src-shared/store/db';
import type { SignInCodes } from '../../src-shared/service/sign-in-codes';
import type { SyncEngine } from '../../src-shared/sync/engine';
import type { Clock } from '../../src-shared/util/clock';
import type { Activity } from '../../src-shared/util/activity';
import type { BackupsControl } from '../../src-shared/api/backups';

export type Backend = 'memory' | 'sqlite';
/** Service suites run on both: fake-indexeddb for speed, the real SQLite backend because users have it. */
export const BACKENDS: readonly Backend[] = ['memory', 'sqlite'];

export const ORIGIN = 'http://desk.test';
export const OWNER_TOKEN = 'owner-token-for-tests-0123456789';

/** A clock the test moves by hand. */
export function manualClock(
  startUnix = 1_800_000_000,
): Clock & { set(unix: number): void; advance(seconds: number): void } {
  let millis = startUnix * 1000;
  return {
    now: () => millis,
    set: (unix) => void (millis = unix * 1000),
    advance: (seconds) => void (millis += seconds * 1000),
  };
}

/** One SQLite folder per test process (see sqlite-idb.ts); each instance gets its own database in it. */
let sqliteFolder: string | null = null;
let databases = 0;

export function platformFor(backend: Backend): { platform: IdbPlatform; name: string } {
  const name = `publishing-${process.pid}-${++databases}`;
  if (backend === 'memory') return { platform: { indexedDB: new IDBFactory(), IDBKeyRange: FakeKeyRange }, name };
  sqliteFolder ??= fs.mkdtempSync(path.join(os.tmpdir(), 'desk-test-'));
  return { platform: sqliteIdb(sqliteFolder), name };
}

/** The SQLite file of a database `platformFor('sqlite')` named: in the one folder of this process. */
export function sqliteFolderOf(name: string): string {
  if (!sqliteFolder) throw new Error('no SQLite database was made in this process yet');
  return path.join(sqliteFolder, `D_${name}.sqlite`);
}

/** A fresh, empty store of its own on `backend`, with the app's schema. */
export function openTestDatabase(backend: Backend): PublishingDb {
  const { platform, name } = platformFor(backend);
  return openDatabase(platform, name);
}

export interface TestInstance {
  db: PublishingDb;
  service: Service;
  clock: ReturnType<typeof manualClock>;
  accountGuid: string;
  personaGuid: string;
  channelGuid: string;
  call: (method: string, pathAndQuery: string, options?: CallOptions) => Promise<Called>;
  close: () => Promise<void>;
}

export interface CallOptions {
  /** Sent as a JSON body (POST, DELETE) unless `form` is set; GET puts them in the query string. */
  params?: Record<string, string | number | boolean | string[]>;
  form?: boolean;
  /** `null` sends no token; default is the owner token. */
  token?: string | null;
  headers?: Record<string, string>;
  body?: string;
}

export interface Called {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary envelope shapes
  json: any;
}

export interface InstanceOptions {
  /** A sync engine for the instance's service, built on its store and clock. */
  sync?: (db: PublishingDb, clock: ReturnType<typeof manualClock>) => SyncEngine;
  /** Told when the service's requests begin and end. */
  activity?: Activity;
  /** The one-time codes of sign-in links, as a headless host has them. */
  signInCodes?: SignInCodes;
  /** A host's backups, for the backup routes. */
  backups?: BackupsControl;
  /** The database's name, when the test made it (platformFor) to know where its file is. */
  name?: string;
  /** A host's handlers of the archive's routes (src-main/instance/archive-routes.ts). */
  archive?: ArchiveHandlers;
  /** Streams the store's changes at `GET /api/events`, as a host does (src-main/instance.ts). */
  events?: boolean;
}

export async function startInstance(
  backend: Backend = 'memory',
  password?: string,
  options: InstanceOptions = {},
): Promise<TestInstance> {
  const made = platformFor(backend);
  const name = options.name ?? made.name;
  const db = openDatabase(made.platform, name);
  await db.open();
  const clock = manualClock();
  const { accountGuid } = await ensureOwner(db, {
    token: OWNER_TOKEN,
    now: clock.now(),
    ...(password ? { password } : {}),
  });
  const persona = await db.personas.where('accountGuid').equals(accountGuid).first();
  const channel = await db.channels.where('accountGuid').equals(accountGuid).first();
  if (!persona || !channel) throw new Error('a new instance must have a Persona and a Channel');
  const sync = options.sync?.(db, clock);
  const events = options.events ? createEventHub() : undefined;
  const unwatch = events ? publishChanges(db, events) : () => undefined;
  const service = createService({
    db,
    clock,
    ...(sync ? { sync } : {}),
    ...(options.activity ? { activity: options.activity } : {}),
    ...(options.signInCodes ? { signInCodes: options.signInCodes } : {}),
    ...(options.backups ? { backups: options.backups } : {}),
    ...(options.archive ? { archive: options.archive } : {}),
    ...(events ? { events } : {}),
    onUnexpectedError: (e) => console.error(e),
    // Every answer of every test is held to its route's declared output (service/router.ts).
    checkAnswers: true,
  });

  const call = async (method: string, pathAndQuery: string, options: CallOptions = {}): Promise<Called> => {
    const url = new URL(pathAndQuery, ORIGIN);
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? OWNER_TOKEN : options.token;
    if (token !== null) headers['authorization'] = token;
    let body: string | undefined = options.body;
    if (options.params) {
      const entries = Object.entries(options.params);
      if (method === 'GET') {
        for (const [k, v] of entries) url.searchParams.set(k, String(v));
      } else if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.params);
      }
    }
    const response = await service(new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) }));
    return { status: response.status, json: await response.json() };
  };

  return {
    db,
    service,
    clock,
    accountGuid,
    personaGuid: persona.guid,
    channelGuid: channel.guid,
    call,
    close: async () => {
      events?.close();
      unwatch();
      // Deleting also removes the SQLite file, so a long test run does not fill the disk.
      await db.delete();
    },
  };
}

/** Writes a note (or what `params` say) and returns the post object; fails the test on an error. */
export async function writePost(instance: TestInstance, params: Record<string, string | number | string[]> = {}) {
  const result = await instance.call('POST', '/api/posts/write', {
    params: { content: 'Hello', post_type: 'post.note', ...params },
  });
  if (result.status !== 200) throw new Error(`write failed: ${JSON.stringify(result.json)}`);
  return result.json.data[0];
}

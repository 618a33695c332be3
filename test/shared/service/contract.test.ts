import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instanceRoutes } from '../../../src-shared/api/instance-routes';
import { syncRoutes } from '../../../src-shared/api/sync-routes';
import { backupRoutes } from '../../../src-shared/api/backup-routes';
import { legacyRoutes } from '../../../src-shared/api/legacy-routes';
import { refusalAnswer } from '../../../src-shared/api/legacy-answers';
import type { RouteName } from '../../../src-shared/api/routes';
import type { RouteContract } from '../../../src-shared/api/route-contract';
import { checkAnswer, implement } from '../../../src-shared/service/router';
import type { RequestCtx } from '../../../src-shared/service/context';
import { createSignInCodes } from '../../../src-shared/service/sign-in-codes';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHostBackups } from '../../../src-main/backups/host-backups';
import { backupPaths } from '../../../src-main/backups/layout';
import { systemClock } from '../../../src-shared/util/clock';
import { platformFor, sqliteFolderOf, startInstance, writePost, type TestInstance } from '../../support/instance';
import {
  addRemote,
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

/**
 * Every route answers what it declares, on a real store: each is called once with variables that make it
 * succeed, and its `data` parsed with the route's own schema (strict: nothing missing, nothing extra).
 * Routes that delete what others use come last. (Every other test holds each answer to its route's output
 * too: test/support/instance.ts turns `checkAnswers` on.)
 */
const VARIABLES: Partial<Record<RouteName, Record<string, string>>> = {
  writePost: { content: 'A **new** post, with #tags', post_type: 'post.note', tags: 'contract' },
  editPost: { content: 'An _edited_ text' },
  pin: { value: 'pin.blue' },
  globalTimeline: { types: 'post.note,post.article,post.bookmark,post.quotation' },
  search: { q: 'bookmark' },
  markers: { timeline: 'global' },
  moveMarker: { timeline: 'global', version: '0' },
  saveDraft: {
    id: 'contract-draft',
    type: 'post.note',
    privacy: 'visibility.public',
    text: 'A draft',
    updatedAt: '1000',
    version: '0',
  },
  publishDraft: { content: 'Published from a draft', post_type: 'post.note' },
  createPersona: { handle: 'contract', name: 'Contract Persona' },
  updatePersona: { name: 'A New Name' },
  createChannel: { name: 'Contract Channel' },
  renameChannel: { name: 'A Renamed Channel' },
  changeProfile: {
    display_as: 'The Owner',
    language: 'en-GB',
    mail_addr: 'owner@example.org',
    timezone: 'Europe/Berlin',
  },
  setPassword: { current: 'the first password', password: 'a contract password' },
  setBio: { bio_text: 'I write **here**.' },
  login: { account_name: 'owner', account_pass: 'a contract password' },
  writeContent: { content: 'A legacy _Blurb_', simple_posts: 'N' },
  searchBlurbs: { filter: 'bookmark' },
  pinContent: { colour: '#0000ff' },
  starContent: { simple_posts: 'Y' },
  usersMeta: { display_as: 'The Owner', language: 'en-US', mail_addr: 'owner@example.org', timezone: 'UTC' },
  usersSetpass: { current: 'the first password', password: 'a legacy password' },
  usersWrite: { bio_text: 'Written through /users/write' },
  deleteMyData: { confirm: 'DELETE-MY-DATA' },
  resetMyAccount: { confirm: 'DELETE-MY-ACCOUNT' },
};

/** A route of a table with its name. */
interface Named extends RouteContract {
  name: RouteName;
}
const named = (table: Readonly<Partial<Record<RouteName, RouteContract>>>): Named[] =>
  Object.entries(table).map(([name, r]) => ({ ...r, name: name as RouteName }));
const INSTANCE = named(instanceRoutes);
const SYNC = named(syncRoutes);
const BACKUPS = named(backupRoutes);
const LEGACY = named(legacyRoutes);

const keyOf = (r: Named): string => `${r.method} ${r.pattern}`;
/** Paths that always refuse (follow, mute, …: nobody else is here); they declare that they answer nothing. */
const refuses = (r: Named): boolean => r.output === refusalAnswer;
/** Deletes of a whole post or Channel, and the account-wide deletes, go last. */
const destructive = (r: Named): boolean =>
  (r.method === 'DELETE' && !r.pattern.includes('/:guid/')) || r.pattern.startsWith('/users/my');
const inOrder = (routes: readonly Named[]) =>
  [...routes].sort((a, b) => Number(destructive(a)) - Number(destructive(b)));

describe('the contract of every route', () => {
  let instance: TestInstance | undefined;
  let desktop: DesktopInstance | undefined;
  const remotes: ServedInstance[] = [];
  afterEach(async () => {
    await instance?.close();
    await desktop?.close();
    for (const remote of remotes.splice(0)) await remote.stop();
    instance = desktop = undefined;
  });

  it('refuses a caller without a token on every signed-in route, before reading its variables', async () => {
    const started = await startInstance('memory');
    instance = started;
    for (const r of [...INSTANCE, ...SYNC, ...BACKUPS, ...LEGACY].filter((r) => r.access === 'signed-in')) {
      const path = r.pattern.replace(/:[a-z_]+/g, '1');
      // Variables that are wrong for every route: a stranger must not learn that from the answer.
      const answer = await started.call(r.method, path, {
        token: null,
        params: { count: 'many', guid: 'x', post_id: 'x' },
      });
      expect(answer.status, `${keyOf(r)}: ${JSON.stringify(answer.json)}`).toBe(403);
    }
  });

  it('answers every route of the instance interface with what it declares', async () => {
    // As a headless host has them, so that a printed sign-in link's code can be traded.
    const codes = createSignInCodes();
    const started = await startInstance('sqlite', 'the first password', { signInCodes: codes });
    instance = started;
    const parent = await writePost(started, {
      content: 'A bookmark worth reading',
      post_type: 'post.bookmark',
      source_url: 'https://example.org/read',
      source_title: 'Read this',
      geo_description: 'Home',
    });
    await writePost(started, { content: 'A reply to it', reply_to: parent.guid });
    const channel = (await started.call('POST', '/api/account/channels', { params: { name: 'Second Channel' } })).json
      .data;
    const handle = (await started.db.personas.get(started.personaGuid))?.handle ?? '';
    let signedIn: string | undefined;
    const seen: string[] = [];
    for (const r of inOrder(INSTANCE)) {
      const key = keyOf(r);
      let target = parent.guid;
      if (r.pattern.startsWith('/api/account/personas') || r.pattern.includes(':persona_guid'))
        target = started.personaGuid;
      else if (r.pattern.startsWith('/api/account/channels')) target = channel.guid;
      // The delete without a GUID in its path names its post as a variable; each delete takes a post of its own.
      else if (destructive(r)) target = (await writePost(started, { content: `To be deleted by ${key}` })).guid;
      const params = {
        ...(VARIABLES[r.name] ?? {}),
        ...(r.name === 'deletePostNamed' ? { guid: target } : {}),
        ...(r.name === 'moveMarker' ? { post_guid: target } : {}),
        ...(r.name === 'setChannelAccess' ? { persona_guid: started.personaGuid, access: 'write' } : {}),
        ...(r.name === 'signInWithCode' ? { code: await codes.issue(Math.floor(started.clock.now() / 1000)) } : {}),
      };
      // Signing out ends the token it is sent with: it gets a token of its own.
      const token = r.name === 'logout' ? signedIn : undefined;
      // A Persona's page is named by its handle.
      const path = r.pattern
        .replace(/:guid|:persona_guid/, target)
        .replace(':handle', handle)
        .replace(':id', 'contract-draft');
      const answer = await started.call(r.method, path, { params, ...(token ? { token } : {}) });
      if (r.name === 'login') signedIn = answer.json.data.token;
      expectDeclared(r, answer);
      seen.push(key);
    }
    expect(seen).toHaveLength(INSTANCE.length);
  });

  it('answers every route of the backups extension with what it declares', async () => {
    // The host's backups over the folder the test stores live in, backing up this instance's database.
    const { name } = platformFor('sqlite');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-backups-'));
    fs.symlinkSync(path.dirname(sqliteFolderOf(name)), path.join(dataDir, 'db'));
    const backups = createHostBackups({
      paths: backupPaths(dataDir),
      databaseName: name,
      clock: systemClock,
      startReport: { restore: null, upgradeBackup: null },
      restart: 'host',
      log: () => {},
    });
    const started = await startInstance('sqlite', undefined, { backups: backups.control, name });
    instance = started;
    const answered: string[] = [];
    const call = async (r: Named, path: string, params?: Record<string, string>) => {
      const answer = await started.call(r.method, path, params ? { params } : {});
      expectDeclared(r, answer);
      answered.push(keyOf(r));
      return answer.json.data;
    };
    const routes = new Map(BACKUPS.map((r) => [r.name, r]));
    const routeOf = (name: RouteName): Named => routes.get(name) ?? expect.unreachable(name);
    const made = await call(routeOf('backUpNow'), '/api/backups');
    await call(routeOf('backups'), '/api/backups');
    await call(routeOf('setBackupSettings'), '/api/backups/settings', { interval_hours: '12', keep: '3' });
    await call(routeOf('stageRestore'), `/api/backups/${made.name as string}/restore`);
    await call(routeOf('unstageRestore'), '/api/backups/restore');
    expect(answered.sort()).toEqual(BACKUPS.map(keyOf).sort());
    await backups.stop();
  });

  it('answers every route of the legacy interface with what it declares', async () => {
    const started = await startInstance('sqlite', 'the first password');
    instance = started;
    const parent = await writePost(started, {
      content: 'A bookmark worth reading',
      post_type: 'post.bookmark',
      source_url: 'https://example.org/read',
      source_title: 'Read this',
    });
    const parentId = (await started.call('GET', `/content?post_ids=1,2,3`)).json.data.find(
      (p: { guid: string }) => p.guid === parent.guid,
    ).id as number;
    const personaId = (await started.db.personas.get(started.personaGuid))?.id;
    const seen: string[] = [];
    for (const r of inOrder(LEGACY.filter((r) => !refuses(r)))) {
      const key = keyOf(r);
      const id = destructive(r) ? await legacyPostId(started, key) : parentId;
      const path = r.pattern.replace(':id', String(id)).replace(':account_id', String(personaId));
      const params = {
        ...(VARIABLES[r.name] ?? {}),
        ...(r.name === 'content' ? { post_ids: String(parentId) } : {}),
        ...(r.name === 'pinContent' ? { post_id: String(parentId) } : {}),
      };
      const answer = await started.call(r.method, path, { params });
      expectDeclared(r, answer);
      seen.push(key);
    }
    expect(seen).toHaveLength(LEGACY.filter((r) => !refuses(r)).length);
    // The paths that refuse say why, and their envelope holds no data.
    for (const r of LEGACY.filter(refuses)) {
      const answer = await started.call(r.method, r.pattern);
      expect(answer.status, keyOf(r)).toBe(400);
      expect(answer.json.data).toBe(false);
    }
  });

  it('answers every route of the sync extension with what it declares', async () => {
    const remote = await startServedInstance('memory');
    remotes.push(remote);
    const started = await startDesktop('memory');
    desktop = started;
    const remotePost = (
      await remote.call('POST', '/api/posts/write', { params: { content: 'Agreed text', post_type: 'post.note' } })
    ).json.data[0].guid as string;
    const answered = new Set<string>();
    const call = async (method: string, path: string, params?: Record<string, string>) => {
      const r = SYNC.find(
        (candidate) =>
          candidate.method === method && new RegExp(`^${candidate.pattern.replace(/:[a-z_]+/g, '[^/]+')}$`).test(path),
      );
      if (!r) throw new Error(`no sync route for ${method} ${path}`);
      const answer = await started.call(method, path, params ? { params } : {});
      expectDeclared(r, answer);
      answered.add(keyOf(r));
      return answer.json.data;
    };

    const { guid } = await addRemote(started, remote);
    answered.add('POST /api/sync/remotes');
    await call('GET', '/api/sync/remotes');
    await call('POST', `/api/sync/remotes/${guid}`, { poll_seconds: '120' });
    await call('POST', `/api/sync/remotes/${guid}/sync`);
    await call('POST', `/api/sync/posts/${remotePost}/refresh`);

    // A conflict: the post edited in both places while apart.
    await remote.pause();
    started.clock.advance(60);
    remote.clock.advance(120);
    await started.call('POST', `/api/posts/${remotePost}/write`, { params: { content: 'Edited on the desktop' } });
    await remote.call('POST', `/api/posts/${remotePost}/write`, { params: { content: 'Edited on the remote' } });
    await remote.resume();
    await call('POST', `/api/sync/remotes/${guid}/sync`);
    expect(await call('GET', '/api/sync/conflicts')).toHaveLength(1);
    await call('POST', `/api/sync/conflicts/${remotePost}`, { keep: 'remote' });

    // An item waiting for the person: a bookmark for a remote that speaks only the legacy interface.
    const legacyRemote = await startServedInstance('memory');
    remotes.push(legacyRemote);
    const legacy = (await call('POST', '/api/sync/remotes', {
      base_url: legacyRemote.url,
      interface: 'legacy',
      token: 'owner-token-for-tests-0123456789',
    })) as { guid: string; personas: { guid: string }[] };
    const bookmark = {
      content: 'A bookmark',
      post_type: 'post.bookmark',
      source_url: 'https://example.org/a',
      source_title: 'A',
      persona_guid: legacy.personas[0]?.guid ?? '',
    };
    await started.call('POST', '/api/posts/write', { params: bookmark });
    const stopped = (await call('POST', `/api/sync/remotes/${legacy.guid}/sync`)) as { attention: { seq: number }[] };
    await call('POST', `/api/sync/outbox/${stopped.attention[0]?.seq ?? 0}`, { action: 'discard' });
    await call('DELETE', `/api/sync/remotes/${guid}`);

    expect([...answered].sort()).toEqual(SYNC.map(keyOf).sort());
  });
});

describe('an answer outside its contract', () => {
  const strictRoute = implement(
    'example',
    {
      method: 'GET',
      pattern: '/example',
      access: 'anyone',
      output: z.strictObject({ count: z.number().int().nonnegative() }),
    },
    () => Promise.resolve({ count: 1 }),
  );

  it('is refused when answers are checked, naming the route and the field', () => {
    expect(() => checkAnswer(strictRoute, { count: 1 })).not.toThrow();
    expect(() => checkAnswer(strictRoute, { count: -1 })).toThrow(
      /GET \/example answered outside its contract:[\s\S]*count/,
    );
    expect(() => checkAnswer(strictRoute, { count: 1, token: 'secret' })).toThrow(/token/);
  });

  it('is parsed after access and input are checked, with the input the schema made', async () => {
    const seen: unknown[] = [];
    const echo = implement(
      'echo',
      {
        method: 'POST',
        pattern: '/echo',
        access: 'signed-in',
        input: z.object({ n: z.string().transform(Number) }),
        output: z.number(),
      } as const,
      (ctx, input) => {
        seen.push([ctx.viewer.accountGuid, input.n]);
        return Promise.resolve(input.n);
      },
    );
    const ctx = (viewer: RequestCtx['viewer'], params: Record<string, string>) =>
      ({ viewer, params }) as unknown as RequestCtx;
    await expect(echo.run(ctx(null, { n: '2' }))).rejects.toMatchObject({ code: 403 });
    await expect(echo.run(ctx({ accountGuid: 'a', personaGuids: [] }, {}))).rejects.toMatchObject({ code: 400 });
    await expect(echo.run(ctx({ accountGuid: 'a', personaGuids: [] }, { n: '2' }))).resolves.toBe(2);
    expect(seen).toEqual([['a', 2]]);
  });
});

function expectDeclared(r: Named, answer: { status: number; json: { data: unknown } }) {
  const key = keyOf(r);
  expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBe(200);
  const output = r.output instanceof z.ZodType ? r.output : expect.unreachable(`${key} answers a file`);
  const parsed = output.safeParse(answer.json.data);
  expect(parsed.success, `${key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
}

/** A post of the owner's own for a route that deletes. */
async function legacyPostId(instance: TestInstance, key: string): Promise<number> {
  const written = await instance.call('POST', '/content', { params: { content: `To be deleted by ${key}` } });
  return written.json.data[0].id as number;
}

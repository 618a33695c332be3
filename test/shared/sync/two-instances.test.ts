import { describe, expect, it, onTestFinished } from 'vitest';
import type { TestInstance } from '../../support/instance';
import {
  addRemote,
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

const ALL_TYPES = 'post.note,post.article,post.bookmark,post.quotation';

interface WirePost {
  guid: string;
  text: string;
  title: string | false;
  reply_to: string | false;
  parent_guid: string | false;
  persona: { guid: string; as: string };
  attributes: { pin: string; starred: boolean };
}

/** What one instance holds, scheduled posts too: the two clocks differ, so a post sent may lie ahead of the other's. */
async function timeline(instance: TestInstance, query = ''): Promise<WirePost[]> {
  const answer = await instance.call('GET', `/api/posts/global?count=250&types=${ALL_TYPES}&scheduled=include${query}`);
  expect(answer.status).toBe(200);
  return answer.json.data as WirePost[];
}

async function write(instance: TestInstance, params: Record<string, string>): Promise<WirePost> {
  const answer = await instance.call('POST', '/api/posts/write', { params: { post_type: 'post.note', ...params } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as WirePost[])[0] as WirePost;
}

async function sync(desktop: DesktopInstance, remoteGuid: string) {
  const answer = await desktop.call('POST', `/api/sync/remotes/${remoteGuid}/sync`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as {
    pending: number;
    waiting: { post_guid: string }[];
    attention: unknown[];
    last_error: string | false;
  };
}

describe.each(['memory', 'sqlite'] as const)('a desktop syncing with a remote instance over HTTP (%s)', (backend) => {
  let remote: ServedInstance;
  let desktop: DesktopInstance;

  it('reads once what a remote added before it was recorded is, and keeps pulling it exactly', async () => {
    remote = await startServedInstance(backend);
    onTestFinished(() => remote.stop());
    desktop = await startDesktop(backend);
    onTestFinished(() => desktop.close());
    await write(remote, { content: 'Before the upgrade' });
    const added = await addRemote(desktop, remote);
    await sync(desktop, added.guid);
    // A remote row as the release before this one stored it.
    await desktop.db.remotes.toCollection().modify((row) => {
      delete row.server;
    });
    expect((await desktop.call('GET', '/api/sync/remotes')).json.data[0].server).toBe(false);
    remote.clock.advance(60);
    await write(remote, { content: 'After the upgrade' });
    desktop.clock.advance(60);

    expect(await sync(desktop, added.guid)).toMatchObject({ last_error: false });
    const status = (await desktop.call('GET', '/api/sync/remotes')).json.data[0];
    expect(status.server).toMatchObject({
      software: expect.stringMatching(/^Publishing Desk \d/),
      extensions: expect.arrayContaining(['before', 'changed_since']),
    });
    expect((await timeline(desktop)).map((p) => p.text)).toEqual(['After the upgrade', 'Before the upgrade']);
  });

  it('reads the remote account again once a day: a Persona renamed there, and one added there', async () => {
    remote = await startServedInstance(backend);
    onTestFinished(() => remote.stop());
    desktop = await startDesktop(backend);
    onTestFinished(() => desktop.close());
    const added = await addRemote(desktop, remote);
    await remote.call('POST', `/api/account/personas/${remote.personaGuid}`, {
      params: { name: 'A New Name', avatar_url: 'https://remote.example/new.png' },
    });
    const second = (
      await remote.call('POST', '/api/account/personas', { params: { handle: 'another', name: 'Another One' } })
    ).json.data;
    await sync(desktop, added.guid);
    const linked = async () =>
      (await desktop.call('GET', '/api/sync/remotes')).json.data[0].personas as {
        guid: string;
        as: string;
        name: string;
      }[];
    // Within the day, the account is not read again.
    expect((await linked()).map((p) => p.name)).not.toContain('A New Name');

    desktop.clock.advance(86_400);
    expect(await sync(desktop, added.guid)).toMatchObject({ last_error: false });
    expect(await linked()).toEqual(
      expect.arrayContaining([
        { guid: remote.personaGuid, as: expect.any(String), name: 'A New Name' },
        { guid: second.guid, as: 'another', name: 'Another One' },
      ]),
    );
    const here = (await desktop.call('GET', '/api/account/personas')).json.data as {
      guid: string;
      avatar_url: string;
    }[];
    expect(here.find((p) => p.guid === remote.personaGuid)?.avatar_url).toBe('https://remote.example/new.png');
  });

  it('links the remote Personas and pulls what was published there, under the same GUIDs', async () => {
    remote = await startServedInstance(backend);
    onTestFinished(() => remote.stop());
    desktop = await startDesktop(backend);
    onTestFinished(() => desktop.close());
    const first = await write(remote, { content: 'Hello from the remote' });
    remote.clock.advance(60);
    const reply = await write(remote, { content: 'A reply there', reply_to: first.guid });
    remote.clock.advance(60);
    await write(remote, { content: 'Long form', post_type: 'post.article', title: 'An article' });

    const added = await addRemote(desktop, remote);
    expect(added.personas.map((p) => p.guid)).toEqual([remote.personaGuid]);
    const status = await sync(desktop, added.guid);
    expect(status.last_error).toBe(false);

    const here = await timeline(desktop);
    expect(here.map((p) => p.text)).toEqual(['Long form', 'A reply there', 'Hello from the remote']);
    expect(here.map((p) => p.guid)).toEqual((await timeline(remote)).map((p) => p.guid));
    const thread = await desktop.call('GET', `/api/posts/${reply.guid}/thread`);
    expect((thread.json.data as WirePost[]).map((p) => p.guid).sort()).toEqual([first.guid, reply.guid].sort());
    // The remote's Persona is linked: the owner here may write as it.
    const personas = await desktop.call('GET', '/api/account/personas');
    expect((personas.json.data as { guid: string }[]).map((p) => p.guid)).toContain(remote.personaGuid);
  });

  it('sends what was written offline as the remote Persona exactly once, replies and edits included', async () => {
    remote = await startServedInstance(backend);
    onTestFinished(() => remote.stop());
    desktop = await startDesktop(backend);
    onTestFinished(() => desktop.close());
    const theirs = await write(remote, { content: 'Written on the remote, to be starred' });
    const doomed = await write(remote, { content: 'Written on the remote, to be deleted' });
    const added = await addRemote(desktop, remote);
    await sync(desktop, added.guid);

    await remote.pause();
    desktop.clock.advance(60);
    const as = remote.personaGuid;
    const post = await write(desktop, { content: 'Drafted offline', persona_guid: as });
    desktop.clock.advance(5);
    const reply = await write(desktop, {
      content: 'Replying to my unsent post',
      persona_guid: as,
      reply_to: post.guid,
    });
    await write(desktop, { content: 'Drafted offline, then edited', guid: post.guid });
    await desktop.call('POST', `/api/posts/${theirs.guid}/star`, { params: { persona_guid: as } });
    await desktop.call('POST', `/api/posts/${theirs.guid}/pin`, { params: { persona_guid: as, value: 'pin.green' } });
    await desktop.call('DELETE', `/api/posts/${doomed.guid}`);
    const offline = await sync(desktop, added.guid);
    expect(offline.pending).toBe(5);
    // Which posts wait, in sending order (the edit travels with the unsent post it changes).
    expect(offline.waiting.map((w) => w.post_guid)).toEqual([
      post.guid,
      reply.guid,
      theirs.guid,
      theirs.guid,
      doomed.guid,
    ]);
    expect(offline.last_error).toBe('The remote cannot be reached (connection refused)');

    await remote.resume();
    const online = await sync(desktop, added.guid);
    expect(online).toMatchObject({ pending: 0, waiting: [], attention: [], last_error: false });

    const there = await timeline(remote);
    expect(there.map((p) => p.text)).toEqual([
      'Replying to my unsent post',
      'Drafted offline, then edited',
      'Written on the remote, to be starred',
    ]);
    const [sentReply, sentPost, starred] = there as [WirePost, WirePost, WirePost];
    expect(sentReply.parent_guid).toBe(sentPost.guid);
    expect(starred.attributes).toEqual({ pin: 'pin.green', starred: true, reposted: false });
    // The local posts took the remote's GUIDs, and the local reply follows its parent.
    const here = await timeline(desktop);
    expect(here.map((p) => p.guid)).toEqual(there.map((p) => p.guid));
    expect(here.find((p) => p.guid === sentReply.guid)?.parent_guid).toBe(sentPost.guid);
    expect(here.some((p) => p.guid === post.guid || p.guid === reply.guid)).toBe(false);

    // Another cycle sends nothing again.
    await sync(desktop, added.guid);
    expect((await timeline(remote)).length).toBe(3);
  });

  it("carries an edit that removes a post's place to the remote", async () => {
    remote = await startServedInstance(backend);
    onTestFinished(() => remote.stop());
    desktop = await startDesktop(backend);
    onTestFinished(() => desktop.close());
    const added = await addRemote(desktop, remote);
    const as = remote.personaGuid;
    const placeThere = async (guid: string) => (await remote.call('GET', `/api/posts/${guid}`)).json.data[0].meta;
    const post = await write(desktop, {
      content: 'Written by the river',
      persona_guid: as,
      geo_description: 'Lisbon',
      geo_latitude: '38.72',
    });
    await sync(desktop, added.guid);
    const sent = (await timeline(remote))[0] as WirePost;
    expect((await placeThere(sent.guid)).geo).toMatchObject({ description: 'Lisbon', latitude: 38.72 });

    desktop.clock.advance(60);
    const edit = await desktop.call('POST', `/api/posts/${sent.guid}/write`, {
      params: { content: 'Written by the river', geo_description: '', geo_latitude: '' },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(await sync(desktop, added.guid)).toMatchObject({ pending: 0, last_error: false });
    expect(await placeThere(sent.guid)).toBe(false);
    expect(post.text).toBe('Written by the river');
  });
});

describe('pulling edits', () => {
  it('replaces an older post with the version edited on the remote, by updated_unix', async () => {
    const remote = await startServedInstance('memory');
    const desktop = await startDesktop('memory');
    try {
      const post = await write(remote, { content: 'First version' });
      const added = await addRemote(desktop, remote);
      await sync(desktop, added.guid);
      // A later post moves the pull cursor well past the first one.
      remote.clock.advance(3_600);
      await write(remote, { content: 'An hour later' });
      await sync(desktop, added.guid);
      remote.clock.advance(86_400);
      desktop.clock.advance(86_400);
      await write(remote, { content: 'Second version, a day later', guid: post.guid });
      await sync(desktop, added.guid);
      const here = await desktop.call('GET', `/api/posts/${post.guid}`);
      expect(here.json.data[0]).toMatchObject({
        text: 'Second version, a day later',
        updated_unix: remote.clock.now() / 1000,
      });
      expect((await timeline(desktop)).map((p) => p.text)).toEqual(['An hour later', 'Second version, a day later']);
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });
});

describe('a pull whose position names a post deleted since on the remote', () => {
  it("goes on from that post's time instead of being refused for ever", async () => {
    const remote = await startServedInstance('memory');
    const desktop = await startDesktop('memory');
    try {
      const posts: WirePost[] = [];
      for (let i = 0; i < 6; i++) {
        remote.clock.advance(10);
        posts.push(await write(remote, { content: `Remote post ${i}` }));
      }
      const added = await addRemote(desktop, remote);
      // Where a catch-up cut short stopped: after post 3, which is then deleted there.
      const at = posts[3] as WirePost & { publish_unix: number };
      await desktop.db.cursors.put({
        remoteGuid: added.guid,
        timeline: 'global',
        sinceUnix: null,
        paging: { untilUnix: at.publish_unix, beforeGuid: at.guid, newestUnix: remote.clock.now() / 1000 },
      });
      await remote.call('DELETE', `/api/posts/${at.guid}`);

      expect(await sync(desktop, added.guid)).toMatchObject({ last_error: false });
      expect((await timeline(desktop)).map((p) => p.text)).toEqual(['Remote post 2', 'Remote post 1', 'Remote post 0']);
      expect((await desktop.db.cursors.get([added.guid, 'global']))?.paging).toBeNull();
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });
});

describe('a post deleted on the remote', () => {
  it('is taken away here at the next poll while it is in the stretch the poll reads again, and not before it is gone', async () => {
    const remote = await startServedInstance('memory');
    const desktop = await startDesktop('memory');
    try {
      const older = await write(remote, { content: 'Staying' });
      remote.clock.advance(30);
      const post = await write(remote, { content: 'Said, then taken back' });
      const added = await addRemote(desktop, remote);
      await sync(desktop, added.guid);
      desktop.clock.advance(60);
      // Nothing missing: an idle poll reads no post on its own.
      await sync(desktop, added.guid);
      expect((await timeline(desktop)).map((p) => p.text)).toEqual(['Said, then taken back', 'Staying']);

      await remote.call('DELETE', `/api/posts/${post.guid}`);
      desktop.clock.advance(60);
      await sync(desktop, added.guid);
      expect((await timeline(desktop)).map((p) => p.guid)).toEqual([older.guid]);
      expect((await desktop.db.posts.where('guid').equals(post.guid).first())?.goneUnix).toBe(
        desktop.clock.now() / 1000,
      );
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });
});

describe('an idle poll', () => {
  it('asks each timeline once and changes nothing here', async () => {
    const remote = await startServedInstance('sqlite');
    const asked: string[] = [];
    const desktop = await startDesktop('sqlite', (input, init) => {
      asked.push(new Request(input, init).url);
      return fetch(input, init);
    });
    try {
      for (let i = 0; i < 5; i++) await write(remote, { content: `Remote post ${i}` });
      const added = await addRemote(desktop, remote);
      await sync(desktop, added.guid);
      const cursors = await desktop.db.cursors.toArray();
      const posts = await desktop.db.posts.toArray();
      asked.length = 0;
      desktop.clock.advance(60);
      await desktop.engine.runScheduled(added.guid);
      expect(asked.map((url) => new URL(url).pathname)).toEqual(['/api/posts/global', '/api/posts/mentions']);
      expect(await desktop.db.cursors.toArray()).toEqual(cursors);
      expect(await desktop.db.posts.toArray()).toEqual(posts);
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });
});

describe('the remote settings and news', () => {
  it('changes the poll interval, and tells of new mentions after the first pull only', async () => {
    const remote = await startServedInstance('memory');
    const told: number[] = [];
    const desktop = await startDesktop('memory', undefined, (count) => told.push(count));
    try {
      await write(remote, { content: 'An old mention of @me' });
      const added = await addRemote(desktop, remote);
      await sync(desktop, added.guid);
      expect(told).toEqual([]);
      remote.clock.advance(60);
      await write(remote, { content: 'A new mention of @me' });
      await write(remote, { content: 'Not a mention' });
      desktop.clock.advance(60);
      await sync(desktop, added.guid);
      expect(told).toEqual([1]);

      const changed = await desktop.call('POST', `/api/sync/remotes/${added.guid}`, { params: { poll_seconds: 300 } });
      expect(changed.json.data).toMatchObject({ guid: added.guid, poll_seconds: 300 });
      const wrong = await desktop.call('POST', `/api/sync/remotes/${added.guid}`, { params: { poll_seconds: 5 } });
      expect([wrong.status, wrong.json.meta.text]).toEqual([400, 'poll_seconds must be at least 15']);
      const unknown = await desktop.call('POST', '/api/sync/remotes/00000000-0000-4000-8000-000000000000', {
        params: { poll_seconds: 60 },
      });
      expect([unknown.status, unknown.json.meta.text]).toEqual([404, 'Invalid Remote Identifier Supplied']);
    } finally {
      await desktop.close();
      await remote.stop();
    }
  });
});

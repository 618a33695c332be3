import { describe, expect, it, onTestFinished } from 'vitest';
import { OWNER_TOKEN, type TestInstance } from '../../support/instance';
import { startFaultProxy, type FaultProxy, type ProxiedEnvelope } from '../../support/fault-proxy';
import {
  addRemote,
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';
import { checkArchive } from '../../../src-shared/archive/archive-check';
import { openZipArchive } from '../../../src-main/archive/zip-reader';
import { exportToFile } from '../archive/archive-files';

interface WirePost {
  guid: string;
  text: string;
  persona: { guid: string };
}

/** GUIDs no instance here made: posts a hostile remote makes up. */
const forgedGuid = (n: number) => `0badc0de-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function write(instance: TestInstance, params: Record<string, string>): Promise<WirePost> {
  const answer = await instance.call('POST', '/api/posts/write', { params: { post_type: 'post.note', ...params } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.data as WirePost[])[0] as WirePost;
}

/**
 * A desk with posts of every owner: one of its own local Persona, one written here as the Persona it links
 * on an honest remote (sent there), one pulled from that remote; and a second remote behind a proxy that
 * rewrites its answers. GUIDs are public: the hostile remote can name any of them. Each case twice: the
 * hostile remote read as this project, and as matigo/streams (walked from the newest post).
 */
describe.each([
  { as: 'this project', reference: false },
  { as: 'matigo/streams', reference: true },
])('a remote that names what is not its own, answering as $as', ({ reference }) => {
  let honest: ServedInstance;
  let hostile: ServedInstance;
  let proxy: FaultProxy;
  let desk: DesktopInstance;
  let hostileGuid: string;
  let honestGuid: string;
  /** The desk's posts that the hostile remote does not own. */
  let local: WirePost;
  let linkedElsewhere: WirePost;
  let pulledElsewhere: WirePost;

  const sync = async (remoteGuid: string) => {
    const answer = await desk.call('POST', `/api/sync/remotes/${remoteGuid}/sync`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.data as {
      last_error: string | false;
      attention: { post_guid: string; reason: string }[];
      pending: number;
    };
  };
  const heldRow = (guid: string) => desk.db.posts.where('guid').equals(guid).first();
  /** What a person sees of a post here. */
  const shown = async (guid: string) => {
    const answer = await desk.call('GET', `/api/posts/${guid}`);
    return answer.status === 200 ? (answer.json.data[0] as WirePost).text : `HTTP ${answer.status}`;
  };
  /** Time passes on every clock alike. */
  const later = (seconds: number) => {
    for (const instance of [desk, honest, hostile]) instance.clock.advance(seconds);
  };

  async function setUp() {
    honest = await startServedInstance('memory');
    onTestFinished(() => honest.stop());
    hostile = await startServedInstance('memory');
    onTestFinished(() => hostile.stop());
    proxy = await startFaultProxy(hostile.url, { reference });
    onTestFinished(() => proxy.close());
    desk = await startDesktop('memory');
    onTestFinished(() => desk.close());

    honestGuid = (await addRemote(desk, honest)).guid;
    local = await write(desk, { content: 'Mine alone' });
    await write(desk, { content: 'Mine, on the honest remote', persona_guid: honest.personaGuid });
    later(60);
    await write(honest, { content: 'Pulled from the honest remote' });
    later(60);
    expect(await sync(honestGuid)).toMatchObject({ last_error: false, pending: 0 });
    const all = (await desk.call('GET', '/api/posts/global?count=50')).json.data as WirePost[];
    linkedElsewhere = all.find((p) => p.text === 'Mine, on the honest remote') as WirePost;
    pulledElsewhere = all.find((p) => p.text === 'Pulled from the honest remote') as WirePost;
    expect((await heldRow(linkedElsewhere.guid))?.remoteGuid).toBe(honestGuid);
    expect((await heldRow(pulledElsewhere.guid))?.remoteGuid).toBe(honestGuid);

    later(60);
    await write(hostile, { content: 'The hostile remote’s own post' });
    const added = await desk.call('POST', '/api/sync/remotes', { params: { base_url: proxy.url, token: OWNER_TOKEN } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    hostileGuid = added.json.data.guid;
    later(60);
  }

  /** Posts the hostile remote adds to its answer, each made from its own first post with other facts. */
  const forging =
    (...forged: { guid: string; text: string; persona?: string; channel?: string }[]) =>
    (envelope: ProxiedEnvelope): ProxiedEnvelope => {
      const own = (envelope.data as Record<string, unknown>[]).find(
        (p) => p['text'] === 'The hostile remote’s own post',
      );
      if (!own) return envelope;
      const made = forged.map((f) => ({
        ...own,
        guid: f.guid,
        text: f.text,
        content: `<p>${f.text}</p>`,
        canonical_url: String(own['canonical_url']).replace(String(own['guid']), f.guid),
        ...(f.persona ? { persona: { ...(own['persona'] as object), guid: f.persona } } : {}),
        ...(f.channel ? { channel_guid: f.channel } : {}),
      }));
      return { ...envelope, data: [...(envelope.data as unknown[]), ...made] };
    };

  it('changes, takes away and writes as none of them, and its own posts still arrive', async () => {
    await setUp();
    proxy.inject({
      kind: 'rewrite',
      method: 'GET',
      path: /^\/api\/posts\/global/,
      rewrite: forging(
        { guid: local.guid, text: 'Taken over: a local post' },
        { guid: linkedElsewhere.guid, text: 'Taken over: a post of the other remote’s Persona' },
        { guid: pulledElsewhere.guid, text: 'Taken over: a post of the other remote' },
        { guid: forgedGuid(1), text: 'Written as your local Persona', persona: desk.personaGuid },
        { guid: forgedGuid(2), text: 'Written as your Persona on the other remote', persona: honest.personaGuid },
        { guid: forgedGuid(3), text: 'Filed in your local Channel', channel: desk.channelGuid },
      ),
    });
    expect(await sync(hostileGuid)).toMatchObject({ last_error: false });

    expect(await shown(local.guid)).toBe('Mine alone');
    expect(await shown(linkedElsewhere.guid)).toBe('Mine, on the honest remote');
    expect(await shown(pulledElsewhere.guid)).toBe('Pulled from the honest remote');
    expect((await heldRow(local.guid))?.remoteGuid ?? null).toBeNull();
    expect((await heldRow(linkedElsewhere.guid))?.remoteGuid).toBe(honestGuid);
    expect((await heldRow(pulledElsewhere.guid))?.remoteGuid).toBe(honestGuid);
    // Nothing is written as a Persona the remote does not own.
    expect(await heldRow(forgedGuid(1))).toBeUndefined();
    expect(await heldRow(forgedGuid(2))).toBeUndefined();
    const byDeskPersona = (await desk.call('GET', `/api/posts/global?count=50`)).json.data.filter(
      (p: WirePost) => p.persona.guid === desk.personaGuid,
    );
    expect(byDeskPersona.map((p: WirePost) => p.text)).toEqual(['Mine alone']);
    // The rest of the page is the remote's own: stored, in its own Channel rather than a local one.
    const hostileDefault = (await desk.db.remotes.get(hostileGuid))?.defaultChannelGuid;
    expect(await heldRow(forgedGuid(3))).toMatchObject({ remoteGuid: hostileGuid, channelGuid: hostileDefault });
    expect(
      (await desk.db.posts.toArray())
        .filter((p) => p.remoteGuid === hostileGuid)
        .map((p) => p.text)
        .sort(),
    ).toEqual(['Filed in your local Channel', 'The hostile remote’s own post']);
    const deskPersona = await desk.db.personas.get(desk.personaGuid);
    expect(deskPersona).toMatchObject({ accountGuid: desk.accountGuid });
    expect(deskPersona?.remoteGuid ?? null).toBeNull();

    // The remote serves them no more: they are not its to take away either.
    later(60);
    expect(await sync(hostileGuid)).toMatchObject({ last_error: false });
    later(86_400);
    expect(await sync(hostileGuid)).toMatchObject({ last_error: false });
    expect(await shown(local.guid)).toBe('Mine alone');
    expect(await shown(linkedElsewhere.guid)).toBe('Mine, on the honest remote');
    expect(await shown(pulledElsewhere.guid)).toBe('Pulled from the honest remote');
  });

  it('answering a publish or an edit with the GUID of a post it does not own, takes nothing', async () => {
    await setUp();
    await sync(hostileGuid);
    const taken = [local, linkedElsewhere, pulledElsewhere];
    for (const other of taken) {
      proxy.inject({
        kind: 'rewrite',
        method: 'POST',
        path: /^\/api\/posts\/write/,
        rewrite: (envelope) => ({ ...envelope, data: [{ ...envelope.data[0], guid: other.guid }] }),
      });
      await write(desk, { content: `Sent, answered as ${other.guid}`, persona_guid: hostile.personaGuid });
      later(60);
      await sync(hostileGuid);
    }
    // Each is here once, under the GUID the remote gave its copy (its page showed it), and there once.
    const sent = (await desk.db.posts.toArray()).filter((p) => p.text.startsWith('Sent, answered as') && !p.deleted);
    expect(sent).toHaveLength(3);
    for (const post of sent) {
      expect(post.remoteGuid).toBe(hostileGuid);
      expect(taken.map((p) => p.guid)).not.toContain(post.guid);
    }
    const there = ((await hostile.call('GET', '/api/posts/global?count=50')).json.data as WirePost[]).map(
      (p) => p.text,
    );
    expect(there.filter((text) => text.startsWith('Sent, answered as'))).toHaveLength(3);

    // An edit answered so waits for the person, and changes nothing else.
    const edited = sent[0] as (typeof sent)[number];
    proxy.inject({
      kind: 'rewrite',
      method: 'POST',
      path: /^\/api\/posts\/[^/]+\/write/,
      rewrite: (envelope) => ({ ...envelope, data: [{ ...envelope.data[0], guid: local.guid }] }),
    });
    expect(
      (
        await desk.call('POST', `/api/posts/${edited.guid}/write`, {
          params: { content: 'Edited, answered as a local post' },
        })
      ).status,
    ).toBe(200);
    later(60);
    const status = await sync(hostileGuid);
    expect(status.attention).toEqual([
      expect.objectContaining({ post_guid: edited.guid, reason: expect.stringMatching(/another post/) }),
    ]);

    expect(await shown(local.guid)).toBe('Mine alone');
    expect(await shown(linkedElsewhere.guid)).toBe('Mine, on the honest remote');
    expect(await shown(pulledElsewhere.guid)).toBe('Pulled from the honest remote');
    expect(await shown(edited.guid)).toBe('Edited, answered as a local post');
  });

  it('serving the copy of an unanswered publish under the GUID of a post it does not own, takes nothing', async () => {
    await setUp();
    await sync(hostileGuid);
    // The publish lands there, and its answer never comes: the item waits, and the pull looks for the copy.
    proxy.inject({ kind: 'hang-after', method: 'POST', path: /^\/api\/posts\/write/ });
    const sent = await write(desk, {
      content: 'Sent, and its copy named as a local post',
      persona_guid: hostile.personaGuid,
    });
    proxy.inject({
      kind: 'rewrite',
      method: 'GET',
      path: /^\/api\/posts\/global/,
      times: 10,
      rewrite: (envelope) => ({
        ...envelope,
        data: (envelope.data as WirePost[]).map((p) =>
          p.text === 'Sent, and its copy named as a local post' ? { ...p, guid: local.guid } : p,
        ),
      }),
    });
    later(60);
    await sync(hostileGuid);
    expect(await shown(local.guid)).toBe('Mine alone');
    expect(await heldRow(sent.guid)).toMatchObject({ text: 'Sent, and its copy named as a local post', deleted: 0 });
  });

  it('listing a Persona of the desk as its own, links none but its own, and sync goes on', async () => {
    await setUp();
    await sync(hostileGuid);
    proxy.inject({
      kind: 'rewrite',
      method: 'GET',
      path: /^\/api\/account\/me/,
      rewrite: (envelope) => {
        const [own] = envelope.data.personas as Record<string, unknown>[];
        const as = (guid: string, handle: string) => ({ ...own, guid, as: handle, name: handle });
        return {
          ...envelope,
          data: {
            ...envelope.data,
            personas: [own, as(desk.personaGuid, 'me-taken'), as(honest.personaGuid, 'there-taken')],
          },
        };
      },
    });
    // The account is read again once a day.
    later(86_400);
    expect(await sync(hostileGuid)).toMatchObject({ last_error: false });
    const deskPersona = await desk.db.personas.get(desk.personaGuid);
    expect(deskPersona).toMatchObject({ accountGuid: desk.accountGuid, handleKey: 'me' });
    expect(deskPersona?.remoteGuid ?? null).toBeNull();
    expect(await desk.db.personas.get(honest.personaGuid)).toMatchObject({ remoteGuid: honestGuid });
    expect(await desk.db.personas.get(hostile.personaGuid)).toMatchObject({
      remoteGuid: hostileGuid,
      accountGuid: desk.accountGuid,
    });
  });

  it('answering a publish with a GUID no post here can have, takes none, and the post finds its copy there', async () => {
    await setUp();
    await sync(hostileGuid);
    proxy.inject({
      kind: 'rewrite',
      method: 'POST',
      path: /^\/api\/posts\/write/,
      rewrite: (envelope) => ({ ...envelope, data: [{ ...envelope.data[0], guid: 'not a GUID at all' }] }),
    });
    await write(desk, { content: 'Answered with a GUID no post can have', persona_guid: hostile.personaGuid });
    later(60);
    expect(await sync(hostileGuid)).toMatchObject({ attention: [], pending: 0 });
    // Held once, under the GUID of the copy its remote holds (its page showed it), and there once.
    const held = (await desk.db.posts.toArray()).filter((p) => p.text === 'Answered with a GUID no post can have');
    const there = ((await hostile.call('GET', '/api/posts/global?count=50')).json.data as WirePost[]).filter(
      (p) => p.text === 'Answered with a GUID no post can have',
    );
    expect(there).toHaveLength(1);
    expect(held.map((p) => [p.guid, p.remoteGuid])).toEqual([[there[0]?.guid, hostileGuid]]);
  });

  it('serving values no write could make, has those posts left out and the rest stored, and the desk still exports', async () => {
    await setUp();
    const odd =
      (n: number, facts: Record<string, unknown>) =>
      (envelope: ProxiedEnvelope): Record<string, unknown> => {
        const own =
          (envelope.data as Record<string, unknown>[]).find((p) => p['text'] === 'The hostile remote’s own post') ?? {};
        const guid = forgedGuid(n);
        return {
          ...own,
          guid,
          canonical_url: String(own['canonical_url']).replace(String(own['guid']), guid),
          ...facts,
        };
      };
    const cases = [
      odd(10, { text: 'Published after the year 9999', publish_unix: 2 ** 53 - 1 }),
      odd(11, { text: 'Updated before 1970', updated_unix: -5 }),
      odd(12, { text: 'Three hundred tags', tags: Array.from({ length: 300 }, (_, i) => `t${i}`) }),
      odd(13, { text: 'x'.repeat(100_001) }),
      odd(14, { text: 'A title too long', title: 't'.repeat(600) }),
      odd(15, { text: 'Off the Earth', meta: { geo: { latitude: 1000, longitude: 0 } } }),
      odd(16, {
        text: 'By an author with an odd handle',
        persona: {
          guid: forgedGuid(90),
          as: '<img src=x onerror=alert(1)>',
          name: 'N'.repeat(1000),
          avatar: 'javascript:alert(1)',
        },
      }),
    ];
    proxy.inject({
      kind: 'rewrite',
      method: 'GET',
      path: /^\/api\/posts\/global/,
      rewrite: (envelope) => ({
        ...envelope,
        data: [...(envelope.data as unknown[]), ...cases.map((made) => made(envelope))],
      }),
    });
    expect(await sync(hostileGuid)).toMatchObject({ last_error: false });
    const theirs = (await desk.db.posts.toArray())
      .filter((p) => p.remoteGuid === hostileGuid)
      .map((p) => p.text)
      .sort();
    expect(theirs).toEqual(['By an author with an odd handle', 'The hostile remote’s own post']);
    // The author is kept under a handle a handle here can be, and a name of a bounded length.
    const author = await desk.db.personas.get(forgedGuid(90));
    expect(author).toMatchObject({ handle: 'img_src_x_onerror_alert_1', avatarUrl: '', remoteGuid: hostileGuid });
    expect(author?.name).toHaveLength(320);
    // Every timeline answers, and the whole desk goes into an archive that restores.
    expect((await desk.call('GET', '/api/posts/global?count=250&types=post.note')).status).toBe(200);
    const file = await exportToFile(desk.db, Math.floor(desk.clock.now() / 1000));
    const archive = openZipArchive(file);
    await expect(checkArchive(archive).finally(() => archive.close())).resolves.toMatchObject({
      counts: expect.objectContaining({ posts: expect.any(Number) }) as unknown,
    });
  });
});

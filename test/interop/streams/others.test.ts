import { afterAll, describe, expect, it } from 'vitest';
import { isoAt } from './seed';
import { deskWith, unavailable, usePeer, type SyncedDesk } from './use-peer';

describe.skipIf(unavailable)('what other people on a streams server write to the owner', () => {
  const real = usePeer();
  let synced: SyncedDesk | undefined;
  afterAll(async () => {
    await synced?.close();
  });

  it('brings their mentions into Mentions, and their mentions and replies into Interactions, with a notice after the first pull', async () => {
    const { peer } = real;
    const neighbour = await peer.addAccount('neighbour');
    const mine = await peer.write(peer.owner, {
      content: 'Something to answer',
      publish_at: isoAt(Math.floor(Date.now() / 1000) - 60),
    });
    const told: number[] = [];
    synced = await deskWith(peer, peer.owner, { onNewMentions: (count) => told.push(count) });
    const { desk, sync } = synced;
    await sync();
    expect(told).toEqual([]);

    const mention = await peer.write(neighbour, { content: 'Good morning @peer, how are you?' });
    const reply = await peer.write(neighbour, { content: 'An answer to you', reply_to: mine.canonical_url });
    const elsewhere = await peer.write(neighbour, { content: 'Nothing to do with anyone' });
    expect(await sync()).toMatchObject({ last_error: false });
    expect(told).toEqual([1]);

    const mentions = (
      await desk.call('GET', `/api/posts/mentions?persona_guid=${peer.owner.personaGuid}&types=post.note`)
    ).json.data;
    expect(mentions.map((p: { guid: string }) => p.guid)).toEqual([mention.guid]);
    expect(mentions[0]).toMatchObject({
      text: 'Good morning @peer, how are you?',
      persona: expect.objectContaining({ guid: neighbour.personaGuid, as: 'neighbour' }),
    });

    const interactions = (await desk.call('GET', '/content/blurbs/interactions')).json.data;
    expect(interactions.map((p: { guid: string }) => p.guid).sort()).toEqual([mention.guid, reply.guid].sort());
    expect(interactions.map((p: { guid: string }) => p.guid)).not.toContain(elsewhere.guid);

    // The reply is in the conversation of the post it answers.
    const thread = (await desk.call('GET', `/api/posts/${mine.guid}/thread`)).json.data;
    expect(thread.map((p: { text: string }) => p.text)).toEqual(['Something to answer', 'An answer to you']);
  }, 120_000);

  it('files a reply to an article, whose address holds no GUID, under the article', async () => {
    const { peer } = real;
    if (!synced) throw new Error('the first test makes the desk');
    const neighbour = await peer.addAccount('reader');
    // Written to `POST /api/posts`: through the spec's `/api/posts/write`, streams takes "write" for the
    // post's GUID when it makes the slug, and falls back to `/article/{guid}`.
    const written = await peer.api(peer.owner, 'POST', '/api/posts', {
      post_type: 'post.article',
      title: 'A Long Read',
      content: 'Words worth answering.',
      persona_guid: peer.owner.personaGuid,
      channel_guid: peer.owner.channelGuid,
      publish_at: isoAt(Math.floor(Date.now() / 1000) - 60),
    });
    const article = written.json.data[0];
    expect(article.canonical_url).toMatch(/\/\d{4}\/\d{2}\/\d{2}\/a-long-read$/);
    await synced.sync();
    const reply = await peer.write(neighbour, { content: 'I read it all', reply_to: article.canonical_url });
    await synced.sync();

    const thread = (await synced.desk.call('GET', `/api/posts/${article.guid}/thread`)).json.data;
    expect(thread.map((p: { guid: string; parent_guid: string | false }) => [p.guid, p.parent_guid])).toEqual([
      [article.guid, false],
      [reply.guid, article.guid],
    ]);
    const interactions = (await synced.desk.call('GET', '/content/blurbs/interactions')).json.data;
    expect(interactions.map((p: { guid: string }) => p.guid)).toContain(reply.guid);
  });
});

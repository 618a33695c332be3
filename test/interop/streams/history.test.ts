import { afterAll, describe, expect, it } from 'vitest';
import { nextSecond } from '../../support/wait';
import { publishedOnPeer, writeSeries } from './seed';
import { deskWith, unavailable, usePeer, type SyncedDesk } from './use-peer';

const DAY = 86_400;

/** Every request the desk made, as `METHOD path?query`. */
function recordingFetch(seen: string[]): typeof globalThis.fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}${url.search}`);
    return globalThis.fetch(input, init);
  };
}

describe.skipIf(unavailable)('a new desk on a streams account with years of posts', () => {
  const real = usePeer();
  let synced: SyncedDesk | undefined;
  afterAll(async () => {
    await synced?.close();
  });

  it('pulls every post the account may read, of all four kinds, paging in a way the server answers whole', async () => {
    const { peer } = real;
    const now = Math.floor(Date.now() / 1000);
    const neighbour = await peer.addAccount('neighbour');
    // An account's history is written in order: the oldest posts were written first. streams' timelines
    // do not reach below the first post of the last 90 days once that many are newer.
    await writeSeries(peer, peer.owner, { count: 150, fromUnix: now - 700 * DAY, stepSeconds: DAY, label: 'old' });
    await writeSeries(peer, peer.owner, { count: 850, fromUnix: now - 30 * DAY, stepSeconds: 3000, label: 'recent' });
    await writeSeries(peer, neighbour, { count: 60, fromUnix: now - 10 * DAY, stepSeconds: 7000, label: 'neighbour' });
    const onPeer = await publishedOnPeer(peer);
    expect(onPeer.length).toBe(1060);
    // Posts the desk reads within the second they were written it reads once more by themselves
    // (edits-at-once.test.ts): the next poll below is to find nothing at all.
    await nextSecond();

    const requests: string[] = [];
    synced = await deskWith(peer, peer.owner, { fetch: recordingFetch(requests) });
    const status = await synced.sync();
    expect(status).toMatchObject({ last_error: false, attention: [], pending: 0 });

    const held = (await synced.desk.db.posts.toArray()).filter(
      (p) => p.remoteGuid === synced?.remoteGuid && !p.deleted,
    );
    expect(held.map((p) => p.guid).sort()).toEqual([...onPeer].sort());
    const kinds = Object.fromEntries(
      ['post.note', 'post.article', 'post.bookmark', 'post.quotation'].map((k) => [
        k,
        held.filter((p) => p.type === k).length,
      ]),
    );
    expect(kinds).toEqual({ 'post.note': 742, 'post.article': 106, 'post.bookmark': 106, 'post.quotation': 106 });
    // What the posts say arrived whole: an article's title, a bookmark's source, the author's handle.
    const article = held.find((p) => p.title === 'old article 0');
    expect(article).toMatchObject({
      type: 'post.article',
      text: 'The body of old article 0.\n\nIt has two paragraphs.',
      publishUnix: now - 700 * DAY,
    });
    expect(held.find((p) => p.text === 'recent bookmark 3')).toMatchObject({
      sourceUrl: 'https://example.org/recent/3',
      sourceTitle: 'Page 3',
    });
    const author = await synced.desk.db.personas.get(neighbour.personaGuid);
    expect(author).toMatchObject({ handle: 'neighbour', name: 'neighbour' });

    // Pages the server answers whole: never more than 249, never `since` on a timeline.
    const timelineReads = requests.filter((r) => /\/api\/(posts\/(global|mentions)|account\/[^/]+\/posts)\?/.test(r));
    expect(timelineReads.length).toBeGreaterThan(8);
    for (const read of timelineReads) {
      expect(Number(new URL(read.split(' ')[1] ?? '', 'http://x').searchParams.get('count'))).toBeLessThanOrEqual(249);
      expect(read).not.toMatch(/[?&]since=(?!1001(&|$))/);
    }

    // The next poll finds nothing new and reads one short page of each timeline.
    requests.length = 0;
    await synced.sync();
    expect(requests.filter((r) => r.startsWith('GET /api/posts/')).map((r) => r.replace(/\?.*/, ''))).toEqual([
      'GET /api/posts/global',
      'GET /api/posts/mentions',
    ]);
  }, 600_000);
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKENDS, ORIGIN, startInstance, writePost, type TestInstance } from '../../support/instance';

/**
 * A page that holds a post and the post it replies to shows the parent's URL without reading it again:
 * each post of the page is read once.
 */
describe.each(BACKENDS)('a page reads each of its posts once (%s)', (backend) => {
  let instance: TestInstance;
  let guids: string[];
  beforeEach(async () => {
    instance = await startInstance(backend);
    const root = await writePost(instance, { content: 'Root' });
    instance.clock.advance(60);
    const reply = await writePost(instance, { content: 'Reply', reply_to: root.guid });
    instance.clock.advance(60);
    const answer = await writePost(instance, { content: 'Answer', reply_to: reply.guid });
    guids = [root.guid, reply.guid, answer.guid];
  });
  afterEach(async () => {
    await instance.close();
  });

  /** Lookups of single posts by GUID while `path` is read, and what it answered. */
  async function lookupsWhile(path: string) {
    const where = vi.spyOn(instance.db.posts, 'where');
    const result = await instance.call('GET', path);
    const byGuid = where.mock.calls.filter((args: unknown[]) => args[0] === 'guid').length;
    where.mockRestore();
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return { byGuid, data: result.json.data };
  }

  it('in the global timeline', async () => {
    const { byGuid, data } = await lookupsWhile('/api/posts/global');
    expect(byGuid).toBe(0);
    const byGuidOf = new Map(data.map((post: { guid: string }) => [post.guid, post]));
    const urlOf = (guid: string | undefined) => (byGuidOf.get(guid) as { canonical_url: string }).canonical_url;
    const replyToOf = (guid: string | undefined) => (byGuidOf.get(guid) as { reply_to: string }).reply_to;
    expect(urlOf(guids[0])).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(replyToOf(guids[2])).toBe(urlOf(guids[1]));
    expect(replyToOf(guids[1])).toBe(urlOf(guids[0]));
  });

  it('in a thread, but for the post asked for', async () => {
    const { byGuid, data } = await lookupsWhile(`/api/posts/${guids[2]}/thread`);
    expect(byGuid).toBe(1);
    expect(data.map((post: { guid: string }) => post.guid)).toEqual(guids);
    expect(data[1].reply_to).toBe(data[0].canonical_url);
    expect(data[2].reply_to).toBe(data[1].canonical_url);
  });

  it('in the legacy Blurbs', async () => {
    const { byGuid, data } = await lookupsWhile('/content/blurbs/global');
    expect(byGuid).toBe(0);
    const ids = new Map(data.map((post: { guid: string; id: number }) => [post.guid, post.id]));
    const parentOf = new Map(data.map((post: { guid: string; parent_id: number }) => [post.guid, post.parent_id]));
    expect(parentOf.get(guids[2])).toBe(ids.get(guids[1]));
    expect(parentOf.get(guids[1])).toBe(ids.get(guids[0]));
    expect(parentOf.get(guids[0])).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { timelineOrder } from '../../../src-shared/store/order';
import type { PostRow } from '../../../src-shared/store/rows';
import { newGuid } from '../../../src-shared/util/secrets';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';

describe.each(BACKENDS)('writing fresh posts (%s)', (backend) => {
  let instance: TestInstance;
  let model: PostRow;
  beforeEach(async () => {
    instance = await startInstance(backend);
    const { guid } = await writePost(instance, { content: 'A model post' });
    const row = await instance.db.posts.where('guid').equals(guid).first();
    if (!row) throw new Error('the post must exist');
    model = row;
  });
  afterEach(async () => {
    await instance.close();
  });

  /** A new post like the model, as a writer builds one: no id yet, a GUID of its own. */
  const freshRow = (text: string): PostRow => {
    const { id: _id, ...rest } = model;
    const guid = newGuid();
    return {
      ...rest,
      guid,
      text,
      threadKey: guid,
      canonicalPath: `/posts/${guid}`,
      order: timelineOrder(rest.publishUnix, guid),
    };
  };

  it('stores a fresh post with everything a put would store alongside it', async () => {
    const [added] = await putPostsInOneTransaction(instance.db, [freshRow('Added without a look')], { fresh: true });
    const [put] = await putPostsInOneTransaction(instance.db, [freshRow('Put as usual')]);
    for (const post of [added, put]) {
      if (!post?.id) throw new Error('the store must answer the new id');
      expect((await instance.db.posts.get(post.id))?.guid).toBe(post.guid);
      expect(await instance.db.changes.where('postGuid').equals(post.guid).count()).toBe(1);
      expect(await instance.db.indexQueue.get(post.order)).toEqual({ order: post.order, postId: post.id });
    }
    const timeline = (await instance.call('GET', '/api/posts/global')).json.data.map((p: { text: string }) => p.text);
    expect(timeline).toEqual(expect.arrayContaining(['Added without a look', 'Put as usual', 'A model post']));
  });

  it('refuses a fresh post whose GUID is taken, and changes nothing', async () => {
    const before = { posts: await instance.db.posts.count(), changes: await instance.db.changes.count() };
    const { id: _id, ...taken } = { ...model, text: 'Overwritten?' };
    await expect(putPostsInOneTransaction(instance.db, [taken], { fresh: true })).rejects.toThrow();
    expect((await instance.db.posts.where('guid').equals(model.guid).first())?.text).toBe('A model post');
    expect({ posts: await instance.db.posts.count(), changes: await instance.db.changes.count() }).toEqual(before);
  });
});

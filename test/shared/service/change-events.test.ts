import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_LIST_MAX, type DeskEvent } from '../../../src-shared/api/events';
import { publishChanges } from '../../../src-shared/service/change-events';
import { createEventHub, type Subscription } from '../../../src-shared/service/event-hub';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { timelineOrder } from '../../../src-shared/store/order';
import type { PostRow } from '../../../src-shared/store/rows';
import { newGuid } from '../../../src-shared/util/secrets';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';

describe.each(BACKENDS)('the changes of the store, told as events (%s)', (backend) => {
  let instance: TestInstance;
  let listening: Subscription;
  let stop: () => void;
  beforeEach(async () => {
    instance = await startInstance(backend);
    const hub = createEventHub();
    stop = publishChanges(instance.db, hub);
    const subscription = hub.subscribe();
    if (!subscription) throw new Error('no subscription');
    listening = subscription;
  });
  afterEach(async () => {
    stop();
    await instance.close();
  });

  const told = async (): Promise<Next> => listening.next(0);
  type Next = Awaited<ReturnType<Subscription['next']>>;
  const events = async (): Promise<readonly DeskEvent[]> => {
    const next = await told();
    return typeof next === 'object' ? next.events : [];
  };

  it('tells of a post written, edited and deleted through the service, with its Channel and Persona', async () => {
    const { guid } = await writePost(instance, { content: 'Told as it is written' });
    const facts = {
      kind: 'posts',
      post_guids: [guid],
      channel_guids: [instance.channelGuid],
      persona_guids: [instance.personaGuid],
    };
    expect(await events()).toEqual([facts]);

    expect(
      (await instance.call('POST', `/api/posts/${guid}/write`, { params: { content: 'Told as it is edited' } })).status,
    ).toBe(200);
    expect(await events()).toEqual([facts]);

    expect((await instance.call('DELETE', `/api/posts/${guid}`)).status).toBe(200);
    expect(await events()).toEqual([facts]);
  });

  it('tells nothing of a transaction that did not commit', async () => {
    const { guid } = await writePost(instance, { content: 'Stored' });
    const model = await instance.db.posts.where('guid').equals(guid).first();
    if (!model) throw new Error('no post');
    await events();
    const failed = instance.db.transaction('rw', instance.db.posts, async () => {
      await instance.db.posts.put({ ...model, text: 'Never stored' });
      throw new Error('the writer changed its mind');
    });
    await expect(failed).rejects.toThrow('changed its mind');
    expect(await told()).toBe('check');
  });

  it('tells a write of more posts than an event lists as a resync', async () => {
    const { guid } = await writePost(instance, { content: 'A model post' });
    const model = await instance.db.posts.where('guid').equals(guid).first();
    if (!model) throw new Error('no post');
    await events();
    const { id: _id, ...rest } = model;
    const rows: PostRow[] = Array.from({ length: EVENT_LIST_MAX + 1 }, (_, n) => {
      const fresh = newGuid();
      return {
        ...rest,
        guid: fresh,
        text: `Post ${n}`,
        threadKey: fresh,
        canonicalPath: `/posts/${fresh}`,
        order: timelineOrder(rest.publishUnix, fresh),
      };
    });
    await putPostsInOneTransaction(instance.db, rows, { fresh: true });
    expect(await events()).toEqual([{ kind: 'resync' }]);
  });

  it('has the streams look again at their token when one signs out', async () => {
    const waiting = listening.next(60_000);
    expect((await instance.call('POST', '/api/auth/logout')).status).toBe(200);
    await expect(waiting).resolves.toBe('check');
  });
});

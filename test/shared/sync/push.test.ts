import { describe, expect, it } from 'vitest';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import type { OutboxRow, RemoteRow } from '../../../src-shared/store/sync-rows';
import type { RemoteConnection } from '../../../src-shared/sync/connection';
import { drainOutbox } from '../../../src-shared/sync/push';
import { startInstance } from '../../support/instance';

const REMOTE: RemoteRow = {
  guid: 'remote-1',
  baseUrl: 'http://remote.test',
  interface: 'instance',
  sealedToken: 'plain:x',
  accountRef: 'a',
  defaultChannelGuid: 'c',
  channelsLinked: false,
  pollSeconds: 60,
  createdUnix: 0,
  lastPullUnix: null,
  lastPushUnix: null,
  lastError: null,
  lastErrorUnix: null,
};

describe('draining an outbox', () => {
  it('finds the item that may go even behind more items that wait for the person than it reads at once', async () => {
    const instance = await startInstance('memory');
    try {
      const written = (
        await instance.call('POST', '/api/posts/write', { params: { content: 'To send', post_type: 'post.note' } })
      ).json.data[0];
      const [post] = await instance.db.posts.where('guid').equals(written.guid).toArray();
      if (!post) throw new Error('the post was not stored');
      await putPostsInOneTransaction(instance.db, [{ ...post, remoteGuid: REMOTE.guid }]);
      const item = (postGuid: string, state: OutboxRow['state']): OutboxRow => ({
        remoteGuid: REMOTE.guid,
        op: 'star',
        postGuid,
        personaGuid: instance.personaGuid,
        value: null,
        baseUpdatedUnix: null,
        createdUnix: 0,
        attempts: 0,
        nextAttemptUnix: 0,
        state,
        uncertain: 0,
        error: state === 'attention' ? 'refused' : null,
      });
      await instance.db.outbox.bulkAdd(Array.from({ length: 120 }, (_, i) => item(`other-${i}`, 'attention')));
      await instance.db.outbox.add(item(post.guid, 'pending'));

      const starred: string[] = [];
      const connection = {
        star: (ref: { guid: string }) => {
          starred.push(ref.guid);
          return Promise.resolve();
        },
      } as Partial<RemoteConnection> as RemoteConnection;
      const result = await drainOutbox(instance.db, {
        remote: REMOTE,
        connection,
        now: () => 100,
        inFlightSeconds: 60,
      });
      expect(result).toEqual({ sent: 1, stoppedBy: null });
      expect(starred).toEqual([post.guid]);
      expect(await instance.db.outbox.count()).toBe(120);
    } finally {
      await instance.close();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { markPostsDeleted } from '../../../src-shared/store/delete';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';

describe.each(BACKENDS)('marks of stars and pins on post rows (%s)', (backend) => {
  let instance: TestInstance;
  let guid: string;
  beforeEach(async () => {
    instance = await startInstance(backend);
    guid = (await writePost(instance, { content: 'Keep an eye on this' })).guid;
    await instance.call('POST', `/api/posts/${guid}/star`);
    await instance.call('POST', `/api/posts/${guid}/pin`, { params: { value: 'blue' } });
  });
  afterEach(async () => {
    await instance.close();
  });

  const stored = async () => instance.db.posts.where('guid').equals(guid).first();

  it('keeps them when the post is rewritten without them, as a sync page does', async () => {
    const row = await stored();
    if (!row) throw new Error('the post must exist');
    const { starredBy: _s, pinnedBy: _p, id: _id, ...remote } = row;
    await putPostsInOneTransaction(instance.db, [
      { ...remote, text: 'Changed elsewhere', updatedUnix: row.updatedUnix + 5 },
    ]);
    const after = await stored();
    expect(after?.text).toBe('Changed elsewhere');
    expect(after?.id).toBe(row.id);
    expect(after?.starredBy).toEqual([{ personaGuid: instance.personaGuid, starredUnix: expect.any(Number) }]);
    expect(after?.pinnedBy).toEqual([
      { personaGuid: instance.personaGuid, colour: 'blue', pinnedUnix: expect.any(Number) },
    ]);
    const seen = (await instance.call('GET', `/api/posts/${guid}`)).json.data[0];
    expect(seen.attributes).toEqual({ pin: 'pin.blue', starred: true, reposted: false });
  });

  it('drops marks and table rows together when the post is deleted or unstarred', async () => {
    await instance.call('DELETE', `/api/posts/${guid}/star`);
    expect((await stored())?.starredBy).toBeUndefined();
    expect(await instance.db.stars.count()).toBe(0);
    await markPostsDeleted(instance.db, [guid], 1_800_000_100);
    const tombstone = await stored();
    expect(tombstone?.deleted).toBe(1);
    expect(tombstone?.pinnedBy).toBeUndefined();
    expect(await instance.db.pins.count()).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKER_LIMITS } from '../../../src-shared/api/markers';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk } from './helpers';

const MOVED = 'This Reading Place Was Moved Elsewhere: Read It Again';

describe.each(BACKENDS)('reading places kept by the instance (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const read = (timeline: string, token?: string) =>
    instance.call('GET', '/api/markers', { params: { timeline }, ...(token ? { token } : {}) });
  const move = (params: Record<string, string | number>, token?: string) =>
    instance.call('POST', '/api/markers', { params, ...(token ? { token } : {}) });

  it('keeps the newest post read per timeline, with a version each move raises', async () => {
    const first = await writePost(instance, { content: 'Read first' });
    const second = await writePost(instance, { content: 'Read next' });
    const home = `home:${instance.personaGuid}`;
    const none = await read(`global,${home}`);
    expectOk(none);
    expect(none.json.data).toEqual({});

    const moved = await move({ timeline: 'global', post_guid: first.guid as string, version: 0 });
    expectOk(moved);
    expect(moved.json.data).toMatchObject({ timeline: 'global', post_guid: first.guid, version: 1 });
    const again = await move({ timeline: 'GLOBAL', post_guid: (second.guid as string).toUpperCase(), version: 1 });
    expectOk(again);
    expect(again.json.data).toMatchObject({ post_guid: second.guid, version: 2 });
    expect(again.json.data.publish_unix).toBe(second.publish_unix);
    expect(new Date(again.json.data.updated_at).getTime()).toBe(again.json.data.updated_unix * 1000);

    const both = await read(` global , ${home.toUpperCase()} ,global`);
    expectOk(both);
    expect(Object.keys(both.json.data)).toEqual(['global']);
    expect(both.json.data.global).toEqual(again.json.data);
  });

  it('refuses a move from a version read before another page moved it, and leaves the marker where it was', async () => {
    const first = await writePost(instance, { content: 'One' });
    const second = await writePost(instance, { content: 'Two' });
    expectOk(await move({ timeline: 'global', post_guid: second.guid as string, version: 0 }));
    // A second page that read no marker, or version 0, is behind.
    expectError(await move({ timeline: 'global', post_guid: first.guid as string, version: 0 }), 409, MOVED);
    expectError(await move({ timeline: 'global', post_guid: first.guid as string, version: 7 }), 409, MOVED);
    expect((await read('global')).json.data.global).toMatchObject({ post_guid: second.guid, version: 1 });
  });

  it('names only timelines that keep a place, posts the person may read, and whole versions', async () => {
    const post = await writePost(instance, { content: 'A post' });
    const guid = post.guid as string;
    const invalid = (result: Awaited<ReturnType<typeof read>>, problem: RegExp) => {
      expect(result.status).toBe(400);
      expect([result.json.meta.text, ...(result.json.meta.list || [])].join(' ')).toMatch(problem);
    };
    invalid(await read('everything'), /timeline must be global/);
    invalid(await read(''), /timeline must name 1 to 20/);
    invalid(
      await read(
        Array.from(
          { length: 21 },
          (_, i) => `channel:${'0'.repeat(8)}-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ).join(','),
      ),
      /1 to 20/,
    );
    invalid(await move({ timeline: 'home:me', post_guid: guid, version: 0 }), /timeline must be global/);
    invalid(await move({ timeline: 'global', post_guid: guid, version: -1 }), /version must be a whole number/);
    invalid(await move({ timeline: 'global', post_guid: guid, version: 1.5 }), /version must be a whole number/);
    invalid(await move({ timeline: 'global', post_guid: 'not-a-guid', version: 0 }), /post_guid/);
    expectError(
      await move({ timeline: 'global', post_guid: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', version: 0 }),
      400,
      'Invalid Post Identifier Supplied (2)',
    );
    const unknown = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';
    expectError(
      await move({ timeline: `home:${unknown}`, post_guid: guid, version: 0 }),
      400,
      'Invalid Persona Identifier Supplied',
    );
    expectError(
      await move({ timeline: `channel:${unknown}`, post_guid: guid, version: 0 }),
      400,
      'Invalid Channel Identifier Supplied',
    );
    expect(await instance.db.markers.count()).toBe(0);
    // Without a token: signed in only.
    expect((await instance.call('GET', '/api/markers', { params: { timeline: 'global' }, token: null })).status).toBe(
      403,
    );
  });

  it("keeps each account's places apart, and a bounded number of them", async () => {
    const post = await writePost(instance, { content: 'Shared, public' });
    const other = await addAccount(instance);
    expectOk(await move({ timeline: 'global', post_guid: post.guid as string, version: 0 }, other.token));
    expect((await read('global')).json.data).toEqual({});
    expect((await read('global', other.token)).json.data.global).toMatchObject({ version: 1 });

    const accountGuid = (await instance.db.accounts.where('name').notEqual('other').first())?.guid ?? '';
    await instance.db.markers.bulkAdd(
      Array.from({ length: MARKER_LIMITS.perAccount }, (_, i) => ({
        accountGuid,
        timeline: `channel:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        postGuid: post.guid as string,
        publishUnix: post.publish_unix as number,
        version: 1,
        updatedUnix: 0,
      })),
    );
    expectError(
      await move({ timeline: 'global', post_guid: post.guid as string, version: 0 }),
      409,
      'Too Many Reading Places Are Kept for This Account',
    );
    // A place already kept still moves.
    await instance.db.markers.put({
      accountGuid,
      timeline: `channel:${instance.channelGuid}`,
      postGuid: post.guid as string,
      publishUnix: post.publish_unix as number,
      version: 1,
      updatedUnix: 0,
    });
    expectOk(await move({ timeline: `channel:${instance.channelGuid}`, post_guid: post.guid as string, version: 1 }));
  });
});

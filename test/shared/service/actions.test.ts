import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, expectPostShape } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('star, pin and delete (%s)', (backend) => {
  let instance: TestInstance;
  let post: { guid: string; channel_guid: string };
  beforeEach(async () => {
    instance = await startInstance(backend);
    post = await writePost(instance, { content: 'Something worth keeping' });
  });
  afterEach(async () => {
    await instance.close();
  });

  /** Calls an action and returns the one post it answers with. */
  const act = async (method: string, path: string, params?: Record<string, string>, token?: string) => {
    const result = await instance.call(method, path, { ...(params ? { params } : {}), ...(token ? { token } : {}) });
    expectOk(result);
    expect(result.json.data).toHaveLength(1);
    expectPostShape(result.json.data[0]);
    return result.json.data[0];
  };
  const attributesSeen = async (token?: string | null) =>
    (await instance.call('GET', `/api/posts/${post.guid}`, token === undefined ? {} : { token })).json.data[0]
      .attributes;

  describe('star', () => {
    it('stars with POST and unstars with DELETE, answering the post with attributes.starred', async () => {
      expect(await attributesSeen()).toEqual({ pin: 'pin.none', starred: false, reposted: false });

      const starred = await act('POST', `/api/posts/${post.guid}/star`);
      expect(starred.guid).toBe(post.guid);
      expect(starred.attributes.starred).toBe(true);
      expect((await attributesSeen()).starred).toBe(true);
      // Anonymous readers have nobody to have starred it.
      expect((await attributesSeen(null)).starred).toBe(false);

      // Starring again keeps the star (section 3: POST stars, DELETE unstars; no toggle).
      expect((await act('POST', `/api/posts/${post.guid}/star`)).attributes.starred).toBe(true);

      const unstarred = await act('DELETE', `/api/posts/${post.guid}/star`);
      expect(unstarred.attributes.starred).toBe(false);
      expect((await attributesSeen()).starred).toBe(false);
      // Removing a star that is not there is fine.
      expect((await act('DELETE', `/api/posts/${post.guid}/star`)).attributes.starred).toBe(false);
    });

    it("keeps each account's stars to itself", async () => {
      const other = await addAccount(instance);
      expect((await act('POST', `/api/posts/${post.guid}/star`, undefined, other.token)).attributes.starred).toBe(true);
      expect((await attributesSeen(other.token)).starred).toBe(true);
      expect((await attributesSeen()).starred).toBe(false);
    });

    it('answers "Could Not Star Post Object" and "Could Not Remove Star from Post Object" for a post it cannot find', async () => {
      const hidden = await writePost(instance, { post_privacy: 'visibility.private' });
      const other = await addAccount(instance);
      for (const [guid, token] of [
        [UNKNOWN, undefined],
        ['nope', undefined],
        [hidden.guid, other.token],
      ] as const) {
        const options = token ? { token } : {};
        expectError(await instance.call('POST', `/api/posts/${guid}/star`, options), 400, ErrorText.couldNotStar);
        expectError(await instance.call('DELETE', `/api/posts/${guid}/star`, options), 400, ErrorText.couldNotUnstar);
      }
    });
  });

  it('answers an edit of a pinned, starred post with its pin and star, and a new post with neither', async () => {
    await act('POST', `/api/posts/${post.guid}/pin`, { value: 'green' });
    await act('POST', `/api/posts/${post.guid}/star`);
    const edited = await act('POST', `/api/posts/${post.guid}/write`, { content: 'Something worth keeping, edited' });
    expect(edited.attributes).toEqual({ pin: 'pin.green', starred: true, reposted: false });
    const fresh = await act('POST', '/api/posts/write', { content: 'Brand new', post_type: 'post.note' });
    expect(fresh.attributes).toEqual({ pin: 'pin.none', starred: false, reposted: false });
  });

  describe('pin', () => {
    it('takes pin.{colour} and {colour} in any case', async () => {
      const cases: [string, string][] = [
        ['pin.red', 'pin.red'],
        ['red', 'pin.red'],
        ['blue', 'pin.blue'],
        ['PIN.Green', 'pin.green'],
        [' orange ', 'pin.orange'],
        ['pin.yellow', 'pin.yellow'],
        ['black', 'pin.black'],
      ];
      for (const [value, pin] of cases) {
        expect((await act('POST', `/api/posts/${post.guid}/pin`, { value })).attributes.pin).toBe(pin);
        expect((await attributesSeen()).pin).toBe(pin);
      }
      expect((await attributesSeen(null)).pin).toBe('pin.none');
    });

    it('goes back to pin.none with pin.none, none, a missing or an invalid value, and with DELETE', async () => {
      const unpinnings: [string, Record<string, string> | undefined][] = [
        ['POST', { value: 'pin.none' }],
        ['POST', { value: 'none' }],
        ['POST', undefined],
        ['POST', { value: 'purple' }],
        ['POST', { value: 'pin.' }],
        ['POST', { value: '#ff0000' }],
        ['DELETE', undefined],
      ];
      for (const [method, params] of unpinnings) {
        expect((await act('POST', `/api/posts/${post.guid}/pin`, { value: 'pin.red' })).attributes.pin).toBe('pin.red');
        expect((await act(method, `/api/posts/${post.guid}/pin`, params)).attributes.pin).toBe('pin.none');
        expect((await attributesSeen()).pin).toBe('pin.none');
      }
      // Unpinning what is not pinned is fine.
      expect((await act('DELETE', `/api/posts/${post.guid}/pin`)).attributes.pin).toBe('pin.none');
    });

    it('pins per Persona', async () => {
      const created = await instance.call('POST', '/api/account/personas', { params: { handle: 'second' } });
      const second = created.json.data.guid;
      await act('POST', `/api/posts/${post.guid}/pin`, { value: 'green', persona_guid: second });
      expect((await attributesSeen()).pin).toBe('pin.none');
      const asSecond = await instance.call('GET', `/api/posts/${post.guid}`, { params: { persona_guid: second } });
      expect(asSecond.json.data[0].attributes.pin).toBe('pin.green');
      expectError(
        await instance.call('POST', `/api/posts/${post.guid}/pin`, { params: { value: 'red', persona_guid: UNKNOWN } }),
        400,
        ErrorText.invalidPersona,
      );
    });

    it('answers "Could Not Pin Post Object" and "Could Not Remove Pin from Post Object" for a post it cannot find', async () => {
      expectError(
        await instance.call('POST', `/api/posts/${UNKNOWN}/pin`, { params: { value: 'red' } }),
        400,
        ErrorText.couldNotPin,
      );
      expectError(await instance.call('DELETE', `/api/posts/${UNKNOWN}/pin`), 400, ErrorText.couldNotUnpin);
    });
  });

  describe('delete', () => {
    it('answers post_guid, channel_guid, result and sok, and the post is gone', async () => {
      await act('POST', `/api/posts/${post.guid}/star`);
      await act('POST', `/api/posts/${post.guid}/pin`, { value: 'red' });
      const result = await instance.call('DELETE', `/api/posts/${post.guid}`);
      expectOk(result);
      expect(result.json.data).toEqual({
        post_guid: post.guid,
        channel_guid: instance.channelGuid,
        result: expect.any(Number),
        sok: expect.any(Number),
      });
      expect(Number.isInteger(result.json.data.result)).toBe(true);
      expect(Number.isInteger(result.json.data.sok)).toBe(true);

      expectError(await instance.call('GET', `/api/posts/${post.guid}`), 400, ErrorText.invalidPostIdentifier);
      expect((await instance.call('GET', '/api/posts/global')).json.data).toEqual([]);
      expectError(await instance.call('DELETE', `/api/posts/${post.guid}`), 400, ErrorText.invalidPostIdentifier);
      expectError(await instance.call('POST', `/api/posts/${post.guid}/star`), 400, ErrorText.couldNotStar);
    });

    it('deletes through DELETE /api/posts with guid', async () => {
      const result = await instance.call('DELETE', '/api/posts', { params: { guid: post.guid } });
      expectOk(result);
      expect(result.json.data.post_guid).toBe(post.guid);
      expectError(await instance.call('GET', `/api/posts/${post.guid}`), 400, ErrorText.invalidPostIdentifier);
    });

    it('answers "Invalid Post Identifier Supplied (2)" for an unknown, malformed or missing GUID', async () => {
      expectError(await instance.call('DELETE', `/api/posts/${UNKNOWN}`), 400, ErrorText.invalidPostIdentifier);
      expectError(await instance.call('DELETE', '/api/posts/not-a-guid'), 400, ErrorText.invalidPostIdentifier);
      expectError(
        await instance.call('DELETE', '/api/posts', { params: { guid: UNKNOWN } }),
        400,
        ErrorText.invalidPostIdentifier,
      );
      expectError(await instance.call('DELETE', '/api/posts'), 400, ErrorText.invalidPostIdentifier);
      expectOk(await instance.call('GET', `/api/posts/${post.guid}`));
    });

    it("refuses to delete another account's post", async () => {
      const other = await addAccount(instance);
      const theirs = await act('POST', '/api/posts/write', { content: 'Theirs', post_type: 'post.note' }, other.token);
      expectError(await instance.call('DELETE', `/api/posts/${theirs.guid}`), 400, ErrorText.notOwner);
      expectError(
        await instance.call('DELETE', '/api/posts', { params: { guid: theirs.guid } }),
        400,
        ErrorText.notOwner,
      );
      expectOk(await instance.call('GET', `/api/posts/${theirs.guid}`));
      // Its author still can.
      expectOk(await instance.call('DELETE', `/api/posts/${theirs.guid}`, { token: other.token }));
    });

    it('deletes a post of its own that others cannot see yet', async () => {
      const future = await writePost(instance, { publish_at: Math.floor(instance.clock.now() / 1000) + 3600 });
      const hidden = await writePost(instance, { post_privacy: 'visibility.none' });
      for (const guid of [future.guid, hidden.guid]) {
        expectOk(await instance.call('DELETE', `/api/posts/${guid}`));
        expectError(await instance.call('GET', `/api/posts/${guid}`), 400, ErrorText.invalidPostIdentifier);
      }
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { createService } from '../../../src-shared/service';
import { MAX_BODY_BYTES } from '../../../src-shared/api/variables';
import { BACKENDS, ORIGIN, OWNER_TOKEN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { expectError, expectOk } from './helpers';

describe.each(BACKENDS)('envelope and routing (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  describe('routing', () => {
    it('answers an unknown path with a 404 envelope', async () => {
      for (const path of ['/', '/api', '/api/nothing', '/api/posts/global/extra', '/api/account']) {
        expectError(await instance.call('GET', path), 404, ErrorText.unknownEndpoint);
      }
      expectError(
        await instance.call('POST', '/api/no/such/thing', { params: { a: 1 } }),
        404,
        ErrorText.unknownEndpoint,
      );
    });

    it('answers a known path with the wrong method with 405', async () => {
      expectError(await instance.call('PUT', '/api/posts/write'), 405, ErrorText.methodNotAllowed);
      expectError(await instance.call('POST', '/api/posts/global'), 405, ErrorText.methodNotAllowed);
      expectError(await instance.call('PATCH', '/api/account/me'), 405, ErrorText.methodNotAllowed);
      const post = await writePost(instance);
      expectError(await instance.call('POST', `/api/posts/${post.guid}`), 405, ErrorText.methodNotAllowed);
      expectError(await instance.call('GET', `/api/posts/${post.guid}/star`), 405, ErrorText.methodNotAllowed);
    });

    it('treats the literal paths as themselves, not as a post GUID, for other methods', async () => {
      // `/api/posts/write` and `/api/posts/global` are endpoints; GET or DELETE on them is a wrong method.
      expectError(await instance.call('GET', '/api/posts/write'), 405, ErrorText.methodNotAllowed);
      expectError(await instance.call('DELETE', '/api/posts/global'), 405, ErrorText.methodNotAllowed);
      expectError(await instance.call('DELETE', '/api/posts/mentions'), 405, ErrorText.methodNotAllowed);
    });

    it('answers a path that cannot be decoded with 404', async () => {
      expectError(await instance.call('GET', '/api/posts/%E0%A4%A'), 404, ErrorText.unknownEndpoint);
    });

    it('turns an unexpected failure into a 500 envelope and tells the host', async () => {
      const seen: unknown[] = [];
      const service = createService({ db: instance.db, clock: instance.clock, onUnexpectedError: (e) => seen.push(e) });
      instance.db.close();
      const response = await service(new Request(`${ORIGIN}/api/posts/global`));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        meta: { code: 500, text: ErrorText.internal, list: false },
        data: false,
      });
      expect(seen).toHaveLength(1);
    });

    it('answers a success with code 200, text false and list false', async () => {
      const result = await instance.call('GET', '/api/posts/global', { token: null });
      expectOk(result);
      expect(result.json.data).toEqual([]);
    });
  });

  describe('bodies', () => {
    it('refuses a malformed JSON body with 400', async () => {
      for (const body of ['{"content":', '[1,2]', '"just a string"', '{content: "x"}']) {
        const result = await instance.call('POST', '/api/posts/write', {
          headers: { 'content-type': 'application/json' },
          body,
        });
        expectError(result, 400, ErrorText.malformedBody);
      }
    });

    it('refuses a body that is not UTF-8', async () => {
      const response = await instance.service(
        new Request(`${ORIGIN}/api/posts/write`, {
          method: 'POST',
          headers: { authorization: OWNER_TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
          body: new Uint8Array([0x63, 0x3d, 0xff, 0xfe]),
        }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).meta.text).toBe(ErrorText.malformedBody);
    });

    it('refuses a body over 1 MiB with 413 and takes one of exactly 1 MiB', async () => {
      const json = JSON.stringify({ content: 'Just fits', post_type: 'post.note' });
      const padded = json + ' '.repeat(MAX_BODY_BYTES - json.length);
      expect(MAX_BODY_BYTES).toBe(1024 * 1024);
      const fits = await instance.call('POST', '/api/posts/write', {
        headers: { 'content-type': 'application/json' },
        body: padded,
      });
      expectOk(fits);
      expect(fits.json.data[0].text).toBe('Just fits');

      const over = await instance.call('POST', '/api/posts/write', {
        headers: { 'content-type': 'application/json' },
        body: padded + ' ',
      });
      expectError(over, 413, ErrorText.bodyTooLarge);
    });

    it('refuses a declared Content-Length over 1 MiB without reading the body', async () => {
      const result = await instance.call('POST', '/api/posts/write', {
        headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1) },
        body: '{}',
      });
      expectError(result, 413, ErrorText.bodyTooLarge);
    });

    it('names a JSON value it cannot use', async () => {
      const result = await instance.call('POST', '/api/posts/write', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: { nested: true }, post_type: 'post.note' }),
      });
      expectError(result, 400, ErrorText.invalidParameters);
    });
  });

  describe('parameters travel in the query string, a form body or a JSON body', () => {
    it('for POST', async () => {
      const query = await instance.call('POST', '/api/posts/write?content=From%20the%20query&post_type=post.note');
      expectOk(query);
      expect(query.json.data[0].text).toBe('From the query');

      const form = await instance.call('POST', '/api/posts/write', {
        form: true,
        params: { content: 'From a form & more', post_type: 'post.note', tags: 'a,b' },
      });
      expectOk(form);
      expect(form.json.data[0].text).toBe('From a form & more');
      expect(form.json.data[0].tags).toEqual(['a', 'b']);

      const json = await instance.call('POST', '/api/posts/write', {
        params: { content: 'From JSON', post_type: 'post.note', tags: ['x', 'y'] },
      });
      expectOk(json);
      expect(json.json.data[0].text).toBe('From JSON');
      expect(json.json.data[0].tags).toEqual(['x', 'y']);
    });

    it('for POST, a body variable wins over the same variable in the query string', async () => {
      const result = await instance.call('POST', '/api/posts/write?content=query', {
        params: { content: 'body', post_type: 'post.note' },
      });
      expectOk(result);
      expect(result.json.data[0].text).toBe('body');
    });

    it('for DELETE', async () => {
      const [a, b, c] = [await writePost(instance), await writePost(instance), await writePost(instance)];
      expectOk(await instance.call('DELETE', `/api/posts?guid=${a.guid}`));
      expectOk(await instance.call('DELETE', '/api/posts', { form: true, params: { guid: b.guid } }));
      expectOk(await instance.call('DELETE', '/api/posts', { params: { guid: c.guid } }));
      for (const post of [a, b, c]) {
        expectError(await instance.call('GET', `/api/posts/${post.guid}`), 400, ErrorText.invalidPostIdentifier);
      }
    });

    it('for GET, in the query string', async () => {
      for (let i = 0; i < 3; i++) await writePost(instance, { content: `note ${i}` });
      const result = await instance.call('GET', '/api/posts/global', { params: { count: 2 } });
      expectOk(result);
      expect(result.json.data).toHaveLength(2);
    });
  });

  describe('tokens', () => {
    it('takes the token in Authorization, raw or after "Bearer "', async () => {
      for (const authorization of [OWNER_TOKEN, `Bearer ${OWNER_TOKEN}`, `bearer ${OWNER_TOKEN}`]) {
        const result = await instance.call('POST', '/api/account/me', { token: null, headers: { authorization } });
        expectOk(result);
        expect(result.json.data.guid).toBe(instance.accountGuid);
      }
    });

    it('takes the token variable for account/me and posts/mentions', async () => {
      const postBody = await instance.call('POST', '/api/account/me', { token: null, params: { token: OWNER_TOKEN } });
      expectOk(postBody);
      expect(postBody.json.data.guid).toBe(instance.accountGuid);

      const postForm = await instance.call('POST', '/api/account/me', {
        token: null,
        form: true,
        params: { token: OWNER_TOKEN },
      });
      expectOk(postForm);

      const getQuery = await instance.call('GET', '/api/account/me', { token: null, params: { token: OWNER_TOKEN } });
      expectOk(getQuery);

      const mentions = await instance.call('GET', '/api/posts/mentions', {
        token: null,
        params: { token: OWNER_TOKEN },
      });
      expectOk(mentions);
      expect(mentions.json.data).toEqual([]);
    });

    it('ignores the token variable everywhere else', async () => {
      const write = await instance.call('POST', '/api/posts/write', {
        token: null,
        params: { token: OWNER_TOKEN, content: 'x', post_type: 'post.note' },
      });
      expectError(write, 403, ErrorText.needToLogIn);

      const hidden = await writePost(instance, { post_privacy: 'visibility.private' });
      const read = await instance.call('GET', `/api/posts/${hidden.guid}`, {
        token: null,
        params: { token: OWNER_TOKEN },
      });
      expectError(read, 400, ErrorText.invalidPostIdentifier);
    });

    it('refuses a wrong token with 401, on optional-token routes too', async () => {
      const post = await writePost(instance);
      const wrong = 'not-a-token-of-this-instance';
      expectError(await instance.call('GET', '/api/posts/global', { token: wrong }), 401, ErrorText.invalidToken);
      expectError(await instance.call('GET', `/api/posts/${post.guid}`, { token: wrong }), 401, ErrorText.invalidToken);
      expectError(
        await instance.call('GET', `/api/posts/${post.guid}/thread`, { token: `Bearer ${wrong}` }),
        401,
        ErrorText.invalidToken,
      );
      expectError(
        await instance.call('GET', `/api/account/${instance.personaGuid}/bio`, { token: wrong }),
        401,
        ErrorText.invalidToken,
      );
      expectError(await instance.call('POST', '/api/account/me', { token: wrong }), 401, ErrorText.invalidToken);
      expectError(
        await instance.call('GET', '/api/posts/mentions', { token: null, params: { token: wrong } }),
        401,
        ErrorText.invalidToken,
      );
    });

    it('answers 403 "You Need to Log In First" on every route that needs a token', async () => {
      const post = await writePost(instance);
      const needing: [string, string, Record<string, string>?][] = [
        ['POST', '/api/account/me'],
        ['GET', '/api/account/me'],
        ['POST', `/api/account/${instance.personaGuid}/bio`, { bio_text: 'x' }],
        ['GET', '/api/posts/mentions'],
        ['POST', '/api/posts/write', { content: 'x', post_type: 'post.note' }],
        ['POST', `/api/posts/${post.guid}/write`, { content: 'x' }],
        ['DELETE', '/api/posts', { guid: post.guid }],
        ['DELETE', `/api/posts/${post.guid}`],
        ['POST', `/api/posts/${post.guid}/star`],
        ['DELETE', `/api/posts/${post.guid}/star`],
        ['POST', `/api/posts/${post.guid}/pin`, { value: 'pin.red' }],
        ['DELETE', `/api/posts/${post.guid}/pin`],
        ['GET', '/api/account/personas'],
        ['POST', '/api/account/personas', { handle: 'someone' }],
        ['GET', '/api/account/channels'],
        ['POST', '/api/account/channels', { name: 'More' }],
        ['POST', '/api/auth/logout'],
      ];
      for (const [method, path, params] of needing) {
        const result = await instance.call(method, path, { token: null, ...(params ? { params } : {}) });
        expectError(result, 403, ErrorText.needToLogIn);
      }
      // Nothing changed on the way.
      const still = await instance.call('GET', `/api/posts/${post.guid}`);
      expectOk(still);
      expect(still.json.data[0].attributes).toEqual({ pin: 'pin.none', starred: false, reposted: false });
    });
  });
});

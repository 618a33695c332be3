import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { CONFIRM_MY_ACCOUNT, CONFIRM_MY_DATA, UserText } from '../../../src-shared/service/legacy/users';
import {
  BACKENDS,
  OWNER_TOKEN,
  startInstance,
  writePost,
  type Called,
  type TestInstance,
} from '../../support/instance';
import { addAccount, GUID, ISO, nowOf } from './helpers';

/** The legacy envelope (section 2.1): `meta.text` only on errors, never `meta.list`. */
function expectLegacyOk(result: Called): void {
  expect(result.json.meta, JSON.stringify(result.json)).toEqual({ code: 200 });
  expect(result.status).toBe(200);
}

function expectLegacyError(result: Called, code: number, text: string): void {
  expect(result.json, JSON.stringify(result.json)).toEqual({ meta: { code, text }, data: false });
  expect(result.status).toBe(code);
}

/** A legacy account object (a Persona; service/legacy/account-object.ts). */
function expectLegacyAccount(account: Record<string, unknown>): void {
  expect(Number.isInteger(account['id'])).toBe(true);
  expect(account['guid']).toMatch(GUID);
  for (const field of ['username', 'display_name', 'avatar_url', 'profile_url', 'timezone', 'created_at']) {
    expect(typeof account[field]).toBe('string');
  }
  expect(account['created_at']).toMatch(ISO);
  expect(typeof account['is_you']).toBe('boolean');
}

const TOKEN_REQUIRED: readonly [string, string][] = [
  ['GET', '/users/me'],
  ['GET', '/users/sites'],
  ['GET', '/users/followers'],
  ['GET', '/users/following'],
  ['POST', '/users/meta'],
  ['POST', '/users/setpass'],
  ['POST', '/users/welcome'],
  ['POST', '/users/welcomeskip'],
  ['POST', '/users/write'],
  ['POST', '/users/follow'],
  ['DELETE', '/users/follow'],
  ['POST', '/users/mute'],
  ['DELETE', '/users/mute'],
  ['POST', '/users/silence'],
  ['DELETE', '/users/silence'],
  ['POST', '/users/invite'],
  ['DELETE', '/users/mydata'],
  ['DELETE', '/users/myaccount'],
];

const UNAVAILABLE: readonly [string, string][] = [
  ['/users/follow', UserText.followUnavailable],
  ['/users/mute', UserText.muteUnavailable],
  ['/users/silence', UserText.silenceUnavailable],
];

const PROFILE = {
  display_as: 'Ada Lovelace',
  language: 'de-DE',
  mail_addr: 'ada@example.com',
  timezone: 'Europe/Berlin',
};

describe.each(BACKENDS)('legacy /users (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const me = async (token?: string) => {
    const result = await instance.call('GET', '/users/me', token === undefined ? {} : { token });
    expectLegacyOk(result);
    return result.json.data;
  };
  const addPersona = async (handle: string) => {
    const result = await instance.call('POST', '/api/account/personas', { params: { handle } });
    expect(result.status).toBe(200);
    return result.json.data as { guid: string };
  };
  const globalGuids = async (): Promise<string[]> =>
    (await instance.call('GET', '/api/posts/global', { token: null })).json.data.map((p: { guid: string }) => p.guid);

  it('refuses every token-required path without a token (403) and with a wrong one (401)', async () => {
    for (const [method, path] of TOKEN_REQUIRED) {
      expectLegacyError(await instance.call(method, path, { token: null }), 403, ErrorText.needToLogIn);
      expectLegacyError(
        await instance.call(method, path, { token: 'not-a-token-of-this-instance' }),
        401,
        ErrorText.invalidToken,
      );
    }
    expectLegacyError(
      await instance.call('GET', '/users/list', { token: 'not-a-token-of-this-instance' }),
      401,
      ErrorText.invalidToken,
    );
  });

  it('GET /users/me answers the account with its Personas and Channels, first first', async () => {
    const alice = await addPersona('alice');
    const journal = (await instance.call('POST', '/api/account/channels', { params: { name: 'Journal' } })).json.data;
    const account = await me();
    expect(account).toMatchObject({
      guid: instance.accountGuid,
      name: 'owner',
      display_name: 'Owner',
      mail: '',
      language: 'en-US',
      timezone: 'UTC',
      type: 'account.owner',
      has_password: false,
      welcome: false,
      created_unix: nowOf(instance),
    });
    expect(account.created_at).toMatch(ISO);
    for (const persona of account.accounts) expectLegacyAccount(persona);
    expect(account.accounts.map((a: { guid: string }) => a.guid)).toEqual([instance.personaGuid, alice.guid]);
    expect(account.accounts[0]).toMatchObject({ id: 1, username: 'me', display_name: 'Me', is_you: true });
    expect(account.channels).toEqual([
      expect.objectContaining({ id: 1, guid: instance.channelGuid, name: 'Main' }),
      expect.objectContaining({ guid: journal.guid, name: 'Journal' }),
    ]);
  });

  it('GET /users/list answers every Persona of the instance, without a token too', async () => {
    const other = await addAccount(instance);
    const anonymous = await instance.call('GET', '/users/list', { token: null });
    expectLegacyOk(anonymous);
    for (const account of anonymous.json.data) expectLegacyAccount(account);
    expect(anonymous.json.data.map((a: { guid: string }) => a.guid)).toEqual([instance.personaGuid, other.personaGuid]);
    expect(anonymous.json.data.map((a: { is_you: boolean }) => a.is_you)).toEqual([false, false]);
    const signedIn = await instance.call('GET', '/users/list');
    expect(signedIn.json.data.map((a: { is_you: boolean }) => a.is_you)).toEqual([true, false]);
  });

  it('GET /users/sites answers the Channels; followers and following are empty', async () => {
    await addAccount(instance);
    const sites = await instance.call('GET', '/users/sites');
    expectLegacyOk(sites);
    expect(sites.json.data).toEqual([
      { id: 1, guid: instance.channelGuid, name: 'Main', url: 'http://desk.test', privacy: 'visibility.public' },
    ]);
    for (const path of ['/users/followers', '/users/following']) {
      const result = await instance.call('GET', path);
      expectLegacyOk(result);
      expect(result.json.data).toEqual([]);
    }
  });

  it('POST /users/meta sets the profile as /api/account/me does, with its errors', async () => {
    instance.clock.advance(10);
    const result = await instance.call('POST', '/users/meta', { params: PROFILE });
    expectLegacyOk(result);
    expect(result.json.data).toMatchObject({
      guid: instance.accountGuid,
      display_name: 'Ada Lovelace',
      mail_address: 'ada@example.com',
      timezone: 'Europe/Berlin',
      language: { code: 'de-DE' },
      updated_unix: nowOf(instance),
    });
    expect(await me()).toMatchObject({ display_name: 'Ada Lovelace', mail: 'ada@example.com', language: 'de-DE' });

    expectLegacyError(await instance.call('POST', '/users/meta'), 400, 'display_as is required');
    expectLegacyError(
      await instance.call('POST', '/users/meta', { params: { display_as: 'X' } }),
      400,
      'language is required',
    );
    expectLegacyError(
      await instance.call('POST', '/users/meta', { params: { ...PROFILE, mail_addr: 'a@b' } }),
      401,
      ErrorText.invalidEmail,
    );
    expectLegacyError(
      await instance.call('POST', '/users/meta', {
        params: { ...PROFILE, display_as: 'Other', timezone: 'Mars/Olympus' },
      }),
      400,
      'timezone must be a TZ database name such as Europe/Berlin, or an abbreviation such as UTC',
    );
    expect((await me()).display_name).toBe('Ada Lovelace');
  });

  it('POST /users/welcome and /users/welcomeskip remember what onboarding did', async () => {
    const seen = await instance.call('POST', '/users/welcome');
    expectLegacyOk(seen);
    expect(seen.json.data).toEqual({ welcome: 'seen' });
    expect((await me()).welcome).toBe('seen');
    expect(await instance.db.settings.get(`welcome:${instance.accountGuid}`)).toEqual({
      key: `welcome:${instance.accountGuid}`,
      value: 'seen',
    });

    const skipped = await instance.call('POST', '/users/welcomeskip');
    expectLegacyOk(skipped);
    expect(skipped.json.data).toEqual({ welcome: 'skipped' });
    expect((await me()).welcome).toBe('skipped');
  });

  it('follow, mute, silence and invite answer that a single-user instance has nobody to act on', async () => {
    for (const [path, text] of UNAVAILABLE) {
      for (const method of ['POST', 'DELETE']) {
        expectLegacyError(await instance.call(method, path, { params: { account_id: 1 } }), 400, text);
      }
    }
    expectLegacyError(
      await instance.call('POST', '/users/invite', { params: { mail: 'x@example.com' } }),
      400,
      UserText.inviteUnavailable,
    );
    expectLegacyError(await instance.call('GET', '/users/follow'), 405, ErrorText.methodNotAllowed);
  });

  describe('POST /users/write', () => {
    const bioOf = async (guid: string) => (await instance.call('GET', `/api/account/${guid}/bio`)).json.data.bio;

    it('sets the bio of the first Persona by default, or of the one named by account_id or persona_guid', async () => {
      const alice = await addPersona('alice');
      const first = await instance.call('POST', '/users/write', { params: { bio_text: 'I write **code**.' } });
      expectLegacyOk(first);
      expectLegacyAccount(first.json.data);
      expect(first.json.data).toMatchObject({ guid: instance.personaGuid, id: 1, bio_text: 'I write **code**.' });
      expect(first.json.data.bio_html).toContain('<strong>code</strong>');
      expect((await bioOf(instance.personaGuid)).text).toBe('I write **code**.');

      const byId = await instance.call('POST', '/users/write', { params: { account_id: 2, bio_text: 'Alice here' } });
      expectLegacyOk(byId);
      expect(byId.json.data).toMatchObject({ guid: alice.guid, id: 2, username: 'alice', bio_text: 'Alice here' });
      const byGuid = await instance.call('POST', '/users/write', {
        params: { persona_guid: alice.guid.toUpperCase(), bio_text: '' },
      });
      expectLegacyOk(byGuid);
      expect(byGuid.json.data).toMatchObject({ guid: alice.guid, bio_text: '', bio_html: '' });
      expect(await bioOf(alice.guid)).toEqual({ text: '', html: '' });
      expect((await bioOf(instance.personaGuid)).text).toBe('I write **code**.');
    });

    it('refuses a Persona of another account, mismatched identifiers and invalid input', async () => {
      const other = await addAccount(instance);
      const alice = await addPersona('alice');
      const targets: Record<string, string | number>[] = [
        { persona_guid: other.personaGuid },
        { account_id: 2, persona_guid: instance.personaGuid },
        { account_id: 99 },
      ];
      for (const params of targets) {
        expectLegacyError(
          await instance.call('POST', '/users/write', { params: { ...params, bio_text: 'Hijacked' } }),
          401,
          ErrorText.couldNotUpdatePublicProfile,
        );
      }
      expect(alice.guid).toMatch(GUID);
      expectLegacyError(
        await instance.call('POST', '/users/write', { params: { account_id: 'two', bio_text: 'x' } }),
        400,
        'account_id must be the numeric id of an account',
      );
      expectLegacyError(
        await instance.call('POST', '/users/write', { params: { persona_guid: 'nope', bio_text: 'x' } }),
        400,
        'persona_guid must be a Persona GUID',
      );
      expectLegacyError(
        await instance.call('POST', '/users/write', { params: {} }),
        400,
        'bio_text is required (an empty text deletes the bio)',
      );
      expectLegacyError(
        await instance.call('POST', '/users/write', { params: { bio_text: 'b'.repeat(2049) } }),
        400,
        'bio_text must be at most 2048 characters',
      );
      expectLegacyOk(await instance.call('POST', '/users/write', { params: { bio_text: 'b'.repeat(2048) } }));
      expect((await bioOf(other.personaGuid)).text).toBe('');
    });
  });

  describe('DELETE /users/mydata', () => {
    it('changes nothing without the exact confirmation', async () => {
      const post = await writePost(instance);
      const wrong: Record<string, string>[] = [
        {},
        { confirm: 'delete-my-data' },
        { confirm: ` ${CONFIRM_MY_DATA}` },
        { confirm: CONFIRM_MY_ACCOUNT },
      ];
      for (const params of wrong) {
        expectLegacyError(await instance.call('DELETE', '/users/mydata', { params }), 400, UserText.confirmMyData);
      }
      expect(await globalGuids()).toEqual([post.guid]);
    });

    it("deletes every post of the account, with its stars and pins, and no other account's", async () => {
      const alice = await addPersona('alice');
      const mine = [
        await writePost(instance),
        await writePost(instance, { persona_guid: alice.guid, content: 'By Alice' }),
      ];
      const other = await addAccount(instance);
      const theirs = await instance.call('POST', '/api/posts/write', {
        token: other.token,
        params: { content: 'Theirs', post_type: 'post.note' },
      });
      const theirGuid: string = theirs.json.data[0].guid;
      expect((await instance.call('POST', `/api/posts/${mine[0].guid}/star`, { token: other.token })).status).toBe(200);
      expect((await instance.call('POST', `/api/posts/${mine[0].guid}/pin`, { params: { value: 'red' } })).status).toBe(
        200,
      );
      expect((await instance.call('POST', `/api/posts/${theirGuid}/star`)).status).toBe(200);

      const result = await instance.call('DELETE', `/users/mydata?confirm=${CONFIRM_MY_DATA}`);
      expectLegacyOk(result);
      expect(result.json.data).toEqual({ deleted_posts: 2 });
      expect(await globalGuids()).toEqual([theirGuid]);
      const gone = await instance.call('GET', `/api/posts/${mine[1].guid}`);
      expect(gone.status).toBe(400);
      expect(gone.json.meta.text).toBe(ErrorText.invalidPostIdentifier);
      expect(await instance.db.pins.count()).toBe(0);
      expect((await instance.db.stars.toArray()).map((s) => s.postGuid)).toEqual([theirGuid]);
      // Personas, Channels and the profile stay.
      expect((await me()).accounts).toHaveLength(2);

      const again = await instance.call('DELETE', '/users/mydata', { params: { confirm: CONFIRM_MY_DATA } });
      expect(again.json.data).toEqual({ deleted_posts: 0 });
    });
  });
});

describe.each(BACKENDS)('legacy /users with a password (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend, 'old-password');
  });
  afterEach(async () => {
    await instance.close();
  });

  const login = (account_pass: string) =>
    instance.call('POST', '/api/auth/login', { token: null, params: { account_name: 'owner', account_pass } });
  const setpass = (params: Record<string, string>, token?: string) =>
    instance.call('POST', '/users/setpass', { params, ...(token === undefined ? {} : { token }) });

  describe('POST /users/setpass', () => {
    it('needs the current password, then changes what sign-in accepts', async () => {
      expectLegacyError(await setpass({ password: 'new-password' }), 401, ErrorText.invalidLogin);
      expectLegacyError(
        await setpass({ password: 'new-password', current: 'wrong-password' }),
        401,
        ErrorText.invalidLogin,
      );
      expectLegacyError(
        await setpass({ password: 'short', current: 'old-password' }),
        400,
        'password must be at least 8 characters',
      );
      expectLegacyError(await setpass({ current: 'old-password' }), 400, 'password is required');
      expect((await login('old-password')).status).toBe(200);

      const result = await setpass({ password: 'new-password', current: 'old-password' });
      expectLegacyOk(result);
      expect(result.json.data).toEqual({ account_guid: instance.accountGuid, password_set: true });
      expect((await login('old-password')).status).toBe(401);
      const signedIn = await login('new-password');
      expect(signedIn.status).toBe(200);
      expect(signedIn.json.data.account_guid).toBe(instance.accountGuid);
    });

    it('sets a first password without current once the account has none', async () => {
      await instance.db.accounts.update(instance.accountGuid, { passHash: null });
      expect((await instance.call('GET', '/users/me')).json.data.has_password).toBe(false);
      expectLegacyOk(await setpass({ password: 'first-password' }));
      expect((await instance.call('GET', '/users/me')).json.data.has_password).toBe(true);
      expect((await login('first-password')).status).toBe(200);
    });
  });

  describe('DELETE /users/myaccount', () => {
    it('changes nothing without the exact confirmation', async () => {
      const post = await writePost(instance);
      await instance.call('POST', '/api/account/personas', { params: { handle: 'alice' } });
      const wrong: Record<string, string>[] = [{}, { confirm: CONFIRM_MY_DATA }, { confirm: 'DELETE-MY-ACCOUNT!' }];
      for (const params of wrong) {
        expectLegacyError(
          await instance.call('DELETE', '/users/myaccount', { params }),
          400,
          UserText.confirmMyAccount,
        );
      }
      const account = (await instance.call('GET', '/users/me')).json.data;
      expect(account.accounts).toHaveLength(2);
      expect(account.has_password).toBe(true);
      expect((await instance.call('GET', '/api/posts/global')).json.data.map((p: { guid: string }) => p.guid)).toEqual([
        post.guid,
      ]);
    });

    it("resets the account to a new instance's, keeping the owner token and the caller's", async () => {
      const alice = (await instance.call('POST', '/api/account/personas', { params: { handle: 'alice' } })).json.data;
      const journal = (
        await instance.call('POST', '/api/account/channels', { params: { name: 'Journal', persona_guids: alice.guid } })
      ).json.data;
      await writePost(instance);
      await writePost(instance, { persona_guid: alice.guid, channel_guid: journal.guid });
      expect((await instance.call('POST', '/users/write', { params: { bio_text: 'About me' } })).status).toBe(200);
      expect((await instance.call('POST', '/users/welcome')).status).toBe(200);
      const other = await addAccount(instance);
      const { token: stale } = (await login('old-password')).json.data;
      const { token: caller } = (await login('old-password')).json.data;

      const result = await instance.call('DELETE', '/users/myaccount', {
        token: caller,
        params: { confirm: CONFIRM_MY_ACCOUNT },
      });
      expectLegacyOk(result);
      expect(result.json.data).toEqual({ account_reset: true, deleted_posts: 2 });

      const account = (await instance.call('GET', '/users/me', { token: caller })).json.data;
      expect(account).toMatchObject({ has_password: false, welcome: false });
      expect(account.accounts.map((a: { guid: string }) => a.guid)).toEqual([instance.personaGuid]);
      expect(account.channels.map((c: { guid: string }) => c.guid)).toEqual([instance.channelGuid]);
      const list = (await instance.call('GET', '/users/list', { token: null })).json.data;
      expect(list.map((a: { guid: string }) => a.guid)).toEqual([instance.personaGuid, other.personaGuid]);
      expect((await instance.call('GET', `/api/account/${instance.personaGuid}/bio`)).json.data.bio).toEqual({
        text: '',
        html: '',
      });
      expect((await instance.call('GET', '/api/posts/global')).json.data).toEqual([]);
      expect(await instance.db.grants.where('personaGuid').equals(alice.guid).count()).toBe(0);
      expect(await instance.db.grants.where('channelGuid').equals(journal.guid).count()).toBe(0);

      expectLegacyError(await instance.call('GET', '/users/me', { token: stale }), 401, ErrorText.invalidToken);
      expectLegacyOk(await instance.call('GET', '/users/me', { token: OWNER_TOKEN }));
      expectLegacyOk(await instance.call('GET', '/users/me', { token: other.token }));
      expect((await login('old-password')).status).toBe(401);
      // As new: the remaining Persona still publishes to the remaining Channel.
      expect((await writePost(instance)).persona.guid).toBe(instance.personaGuid);
    });
  });
});

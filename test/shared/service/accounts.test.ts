import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, OWNER_TOKEN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk, GUID, ISO, nowOf } from './helpers';

const PROFILE = {
  display_as: 'Ada Lovelace',
  language: 'de-DE',
  mail_addr: 'ada@example.com',
  timezone: 'Europe/Berlin',
};
const TIMEZONE_PROBLEM = 'timezone must be a TZ database name such as Europe/Berlin, or an abbreviation such as UTC';
const LANGUAGE_PROBLEM = 'language must be a localisation tag such as en-US';
const HANDLE_TAKEN = 'handle is already used by another Persona';

/** Section 2.7. */
function expectProfileShape(profile: Record<string, unknown>): void {
  expect(profile['guid']).toMatch(GUID);
  for (const field of ['type', 'timezone', 'display_name', 'mail_address'])
    expect(typeof profile[field]).toBe('string');
  expect(profile['language']).toEqual({ code: expect.any(String), name: expect.any(String) });
  expect(Array.isArray(profile['personas'])).toBe(true);
  const bucket = profile['bucket'] as Record<string, unknown>;
  expect(Object.keys(bucket).sort()).toEqual(['available', 'files', 'storage']);
  for (const value of Object.values(bucket)) expect(Number.isInteger(value)).toBe(true);
  expect(profile['created_at']).toMatch(ISO);
  expect(profile['updated_at']).toMatch(ISO);
  expect(Number.isInteger(profile['created_unix'])).toBe(true);
  expect(Number.isInteger(profile['updated_unix'])).toBe(true);
}

/** Section 2.6. */
function expectBioShape(bio: Record<string, unknown>): void {
  expect(bio['guid']).toMatch(GUID);
  for (const field of ['timezone', 'as', 'name', 'avatar_url', 'site_url']) expect(typeof bio[field]).toBe('string');
  expect(bio['bio']).toEqual({ text: expect.any(String), html: expect.any(String) });
  expect(Number.isInteger(bio['days'])).toBe(true);
  expect(typeof bio['is_you']).toBe('boolean');
  expect(bio['created_at']).toMatch(ISO);
  expect(Number.isInteger(bio['created_unix'])).toBe(true);
}

describe.each(BACKENDS)('accounts (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  describe('profile (account/me)', () => {
    it('reads the profile with POST and with GET', async () => {
      for (const method of ['POST', 'GET']) {
        const result = await instance.call(method, '/api/account/me');
        expectOk(result);
        const profile = result.json.data;
        expectProfileShape(profile);
        expect(profile).toMatchObject({
          guid: instance.accountGuid,
          display_name: 'Owner',
          language: { code: 'en-US', name: expect.stringMatching(/English/) },
          created_unix: nowOf(instance),
        });
        expect(profile.personas).toHaveLength(1);
        expect(profile.personas[0]).toMatchObject({ guid: instance.personaGuid, as: 'me', name: 'Me' });
      }
    });

    it('needs a login', async () => {
      expectError(await instance.call('POST', '/api/account/me', { token: null }), 403, ErrorText.needToLogIn);
      expectError(
        await instance.call('POST', '/api/account/me', { token: null, params: { token: '' } }),
        403,
        ErrorText.needToLogIn,
      );
    });

    it('sets the profile when all four variables are sent', async () => {
      instance.clock.advance(30);
      const result = await instance.call('POST', '/api/account/me', { params: PROFILE });
      expectOk(result);
      expectProfileShape(result.json.data);
      expect(result.json.data).toMatchObject({
        display_name: 'Ada Lovelace',
        mail_address: 'ada@example.com',
        timezone: 'Europe/Berlin',
        language: { code: 'de-DE', name: expect.stringMatching(/Deutsch/) },
        updated_unix: nowOf(instance),
      });
      const read = await instance.call('POST', '/api/account/me');
      expect(read.json.data).toEqual(result.json.data);

      const abbreviation = await instance.call('POST', '/api/account/me', {
        params: { ...PROFILE, timezone: 'CET', language: 'en-gb' },
      });
      expectOk(abbreviation);
      expect(abbreviation.json.data).toMatchObject({ timezone: 'CET', language: { code: 'en-GB' } });
    });

    it('lists every missing variable', async () => {
      const one = await instance.call('POST', '/api/account/me', { params: { display_as: 'Ada' } });
      expectError(one, 400, 'language is required', [
        'language is required',
        'mail_addr is required',
        'timezone is required',
      ]);
      const three = await instance.call('POST', '/api/account/me', {
        params: { display_as: 'Ada', language: 'en', timezone: 'UTC' },
      });
      expectError(three, 400, 'mail_addr is required');
      expect((await instance.call('POST', '/api/account/me')).json.data.display_name).toBe('Owner');
    });

    it('answers "Invalid Email Address Supplied" with 401', async () => {
      for (const mail_addr of ['not-an-address', 'a@b', 'two words@example.com', '']) {
        expectError(
          await instance.call('POST', '/api/account/me', { params: { ...PROFILE, mail_addr } }),
          401,
          ErrorText.invalidEmail,
        );
      }
      expect((await instance.call('POST', '/api/account/me')).json.data.mail_address).toBe('');
    });

    it('refuses an unknown time zone or a malformed language', async () => {
      expectError(
        await instance.call('POST', '/api/account/me', { params: { ...PROFILE, timezone: 'Mars/Olympus' } }),
        400,
        TIMEZONE_PROBLEM,
      );
      expectError(
        await instance.call('POST', '/api/account/me', { params: { ...PROFILE, language: 'not a language' } }),
        400,
        LANGUAGE_PROBLEM,
      );
      expectError(
        await instance.call('POST', '/api/account/me', {
          params: { ...PROFILE, language: 'en_US!', timezone: 'Nowhere' },
        }),
        400,
        LANGUAGE_PROBLEM,
        [LANGUAGE_PROBLEM, TIMEZONE_PROBLEM],
      );
      expect((await instance.call('POST', '/api/account/me')).json.data.timezone).toBe('UTC');
    });
  });

  describe('public bio', () => {
    const bioPath = (guid: string) => `/api/account/${guid}/bio`;

    it('is public, with the fields of section 2.6', async () => {
      const anonymous = await instance.call('GET', bioPath(instance.personaGuid), { token: null });
      expectOk(anonymous);
      expectBioShape(anonymous.json.data);
      expect(anonymous.json.data).toMatchObject({
        guid: instance.personaGuid,
        as: 'me',
        name: 'Me',
        timezone: 'UTC',
        bio: { text: '', html: '' },
        days: 0,
        is_you: false,
        created_unix: nowOf(instance),
      });
      expect((await instance.call('GET', bioPath(instance.personaGuid))).json.data.is_you).toBe(true);

      instance.clock.advance(3 * 86_400 + 5);
      expect((await instance.call('GET', bioPath(instance.personaGuid))).json.data.days).toBe(3);
      expectError(
        await instance.call('GET', bioPath('00000000-0000-4000-8000-000000000000')),
        400,
        ErrorText.invalidPersona,
      );
    });

    it('is set as Markdown and served as HTML', async () => {
      const result = await instance.call('POST', bioPath(instance.personaGuid), {
        params: { bio_text: 'I write **software**. <script>alert(1)</script>' },
      });
      expectOk(result);
      expectBioShape(result.json.data);
      expect(result.json.data.bio.text).toContain('**software**');
      expect(result.json.data.bio.html).toContain('<strong>software</strong>');
      expect(result.json.data.bio.html).not.toContain('script');
      const read = await instance.call('GET', bioPath(instance.personaGuid), { token: null });
      expect(read.json.data.bio).toEqual(result.json.data.bio);
    });

    it('takes 2048 characters and refuses 2049', async () => {
      for (const bio_text of ['b'.repeat(2048), '😀'.repeat(2048)]) {
        const result = await instance.call('POST', bioPath(instance.personaGuid), { params: { bio_text } });
        expectOk(result);
        expect(result.json.data.bio.text).toBe(bio_text);
      }
      for (const bio_text of ['b'.repeat(2049), '😀'.repeat(2049)]) {
        const result = await instance.call('POST', bioPath(instance.personaGuid), { params: { bio_text } });
        expectError(result, 400, 'bio_text must be at most 2048 characters');
      }
    });

    it('is deleted by an empty text, and bio_text is required', async () => {
      expectOk(await instance.call('POST', bioPath(instance.personaGuid), { params: { bio_text: 'Hello' } }));
      const cleared = await instance.call('POST', bioPath(instance.personaGuid), { params: { bio_text: '' } });
      expectOk(cleared);
      expect(cleared.json.data.bio).toEqual({ text: '', html: '' });
      expectError(
        await instance.call('POST', bioPath(instance.personaGuid), { params: { other: 'x' } }),
        400,
        'bio_text is required (an empty text deletes the bio)',
      );
    });

    it('answers "Could Not Update Public Profile" for a Persona of another account or none', async () => {
      const other = await addAccount(instance);
      for (const guid of [other.personaGuid, '00000000-0000-4000-8000-000000000000', 'nope']) {
        expectError(
          await instance.call('POST', bioPath(guid), { params: { bio_text: 'Hijacked' } }),
          401,
          ErrorText.couldNotUpdatePublicProfile,
        );
      }
      expect((await instance.call('GET', bioPath(other.personaGuid))).json.data.bio.text).toBe('');
      expectError(
        await instance.call('POST', bioPath(instance.personaGuid), { token: null, params: { bio_text: 'x' } }),
        403,
        ErrorText.needToLogIn,
      );
    });
  });

  describe('Personas', () => {
    it('lists, creates and renames Personas', async () => {
      const list = await instance.call('GET', '/api/account/personas');
      expectOk(list);
      expect(list.json.data).toHaveLength(1);
      expect(list.json.data[0]).toMatchObject({
        guid: instance.personaGuid,
        as: 'me',
        channels: [instance.channelGuid],
      });

      const created = await instance.call('POST', '/api/account/personas', {
        params: { handle: '@Alice', name: 'Alice A.' },
      });
      expectOk(created);
      const alice = created.json.data;
      expect(alice).toMatchObject({ as: 'Alice', name: 'Alice A.', channels: [instance.channelGuid] });
      expect(alice.guid).toMatch(GUID);

      const renamed = await instance.call('POST', `/api/account/personas/${alice.guid}`, {
        params: { name: 'Alice B.', handle: 'alice_b' },
      });
      expectOk(renamed);
      expect(renamed.json.data).toMatchObject({ guid: alice.guid, as: 'alice_b', name: 'Alice B.' });

      const all = (await instance.call('GET', '/api/account/personas')).json.data;
      expect(all.map((p: { as: string }) => p.as)).toEqual(['me', 'alice_b']);
      const profile = (await instance.call('POST', '/api/account/me')).json.data;
      expect(profile.personas.map((p: { guid: string }) => p.guid)).toEqual([instance.personaGuid, alice.guid]);

      // A new Persona can publish at once, and its posts say who wrote them.
      const post = await writePost(instance, { persona_guid: alice.guid });
      expect(post.persona).toMatchObject({ guid: alice.guid, as: 'alice_b', name: 'Alice B.' });
    });

    it('refuses a handle that is taken, whatever its case', async () => {
      await addAccount(instance, 'carol');
      for (const handle of ['me', 'ME', '@Me', 'Carol']) {
        expectError(await instance.call('POST', '/api/account/personas', { params: { handle } }), 400, HANDLE_TAKEN);
      }
      const dave = (await instance.call('POST', '/api/account/personas', { params: { handle: 'dave' } })).json.data;
      expectError(
        await instance.call('POST', `/api/account/personas/${dave.guid}`, { params: { handle: 'Me' } }),
        400,
        HANDLE_TAKEN,
      );
      // A Persona may change the case of its own handle.
      const recased = await instance.call('POST', `/api/account/personas/${dave.guid}`, { params: { handle: 'Dave' } });
      expectOk(recased);
      expect(recased.json.data.as).toBe('Dave');
    });

    it("refuses a malformed handle, and a Persona that is not the account's", async () => {
      for (const handle of ['', 'two words', 'semi;colon', 'x'.repeat(65)]) {
        expectError(
          await instance.call('POST', '/api/account/personas', { params: { handle } }),
          400,
          'handle must be 1 to 64 letters, digits, "_", "." or "-"',
        );
      }
      expectError(await instance.call('POST', '/api/account/personas', { params: {} }), 400, 'handle is required');
      const other = await addAccount(instance);
      expectError(
        await instance.call('POST', `/api/account/personas/${other.personaGuid}`, { params: { name: 'Mine now' } }),
        400,
        ErrorText.invalidPersona,
      );
    });
  });

  describe('Channels', () => {
    it('lists, creates and renames Channels and sets who may write to them', async () => {
      const list = await instance.call('GET', '/api/account/channels');
      expectOk(list);
      expect(list.json.data).toEqual([
        expect.objectContaining({ guid: instance.channelGuid, name: 'Main', writers: [instance.personaGuid] }),
      ]);

      const created = await instance.call('POST', '/api/account/channels', { params: { name: 'Journal' } });
      expectOk(created);
      const journal = created.json.data;
      expect(journal).toMatchObject({ name: 'Journal', writers: [instance.personaGuid] });
      expect(journal.guid).toMatch(GUID);

      const renamed = await instance.call('POST', `/api/account/channels/${journal.guid}`, {
        params: { name: 'Diary' },
      });
      expectOk(renamed);
      expect(renamed.json.data).toMatchObject({ guid: journal.guid, name: 'Diary' });

      const none = await instance.call('POST', `/api/account/channels/${journal.guid}/access`, {
        params: { persona_guid: instance.personaGuid, access: 'none' },
      });
      expectOk(none);
      expect(none.json.data.writers).toEqual([]);

      const names = (await instance.call('GET', '/api/account/channels')).json.data.map(
        (c: { name: string }) => c.name,
      );
      expect(names).toEqual(['Main', 'Diary']);
    });

    it('refuses unknown values, Channels and Personas', async () => {
      const other = await addAccount(instance);
      const access = (guid: string, params: Record<string, string>) =>
        instance.call('POST', `/api/account/channels/${guid}/access`, { params });
      expectError(
        await access(instance.channelGuid, { persona_guid: instance.personaGuid, access: 'read' }),
        400,
        'access must be write or none',
      );
      expectError(
        await access(instance.channelGuid, { persona_guid: other.personaGuid, access: 'write' }),
        400,
        ErrorText.invalidPersona,
      );
      expectError(
        await access(other.channelGuid, { persona_guid: instance.personaGuid, access: 'write' }),
        400,
        ErrorText.invalidChannel,
      );
      expectError(
        await instance.call('POST', `/api/account/channels/${other.channelGuid}`, { params: { name: 'Mine' } }),
        400,
        ErrorText.invalidChannel,
      );
      expectError(
        await instance.call('POST', '/api/account/channels', { params: { name: '  ' } }),
        400,
        'name must not be empty',
      );
      expectError(
        await instance.call('POST', '/api/account/channels', {
          params: { name: 'X', persona_guids: other.personaGuid },
        }),
        400,
        ErrorText.invalidPersona,
      );
    });
  });
});

describe.each(BACKENDS)('signing in (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend, 'a-password');
  });
  afterEach(async () => {
    await instance.close();
  });

  const login = (account_name: string, account_pass: string) =>
    instance.call('POST', '/api/auth/login', { token: null, params: { account_name, account_pass } });

  it('signs in with the account name or a Persona handle and answers a token that works', async () => {
    for (const name of ['owner', 'OWNER', 'me', '@me', 'Me']) {
      const result = await login(name, 'a-password');
      expectOk(result);
      expect(result.json.data).toEqual({ token: expect.any(String), account_guid: instance.accountGuid });
      const { token } = result.json.data;
      expect(token).not.toBe(OWNER_TOKEN);
      const me = await instance.call('POST', '/api/account/me', { token });
      expectOk(me);
      expect(me.json.data.guid).toBe(instance.accountGuid);
      expectOk(
        await instance.call('POST', '/api/posts/write', {
          token: `Bearer ${token}`,
          params: { content: 'x', post_type: 'post.note' },
        }),
      );
    }
  });

  it('answers 401 for a wrong password or an unknown name, alike', async () => {
    expectError(await login('owner', 'wrong-password'), 401, ErrorText.invalidLogin);
    expectError(await login('owner', 'A-PASSWORD'), 401, ErrorText.invalidLogin);
    expectError(await login('nobody', 'a-password'), 401, ErrorText.invalidLogin);
    expectError(
      await instance.call('POST', '/api/auth/login', { token: null, params: {} }),
      400,
      'account_name is required',
      ['account_name is required', 'account_pass is required'],
    );
  });

  it('refuses a name longer than any name to sign in with, so that guessing cannot fill memory with names', async () => {
    expectError(await login('n'.repeat(257), 'a-password'), 400, 'account_name must be at most 256 characters');
    expectError(await login('n'.repeat(256), 'a-password'), 401, ErrorText.invalidLogin);
  });

  it('cannot sign in to an account without a password', async () => {
    const other = await addAccount(instance, 'nopass');
    expect(other.accountGuid).toMatch(GUID);
    expectError(await login('nopass', ''), 400, 'account_pass is required');
    expectError(await login('nopass', 'anything'), 401, ErrorText.invalidLogin);
  });

  it('changes the password only with the password it replaces, whatever token asks', async () => {
    const { token } = (await login('owner', 'a-password')).json.data;
    const change = (params: Record<string, string>) =>
      instance.call('POST', '/api/account/password', { token, params });
    expectError(await change({ password: 'a-new-password' }), 401, ErrorText.invalidLogin);
    expectError(await change({ password: 'a-new-password', current: 'not-it' }), 401, ErrorText.invalidLogin);
    expectError(await login('owner', 'a-new-password'), 401, ErrorText.invalidLogin);
    expectOk(await change({ password: 'a-new-password', current: 'a-password' }));
    expectOk(await login('owner', 'a-new-password'));
  });

  it('slows down guessing: after five wrong passwords a name waits, even with the right one, and then signs in', async () => {
    for (let i = 0; i < 5; i++) expectError(await login('owner', `guess-${i}`), 401, ErrorText.invalidLogin);
    expectError(await login('owner', 'a-password'), 429, ErrorText.tooManySignIns);
    // The account waits too: by another of its names, the right password is refused as a wrong one is.
    expectError(await login('me', 'a-password'), 401, ErrorText.invalidLogin);
    instance.clock.advance(31);
    expectOk(await login('owner', 'a-password'));
    // A success forgets the guesses.
    for (let i = 0; i < 4; i++) expectError(await login('owner', `guess-${i}`), 401, ErrorText.invalidLogin);
    expectOk(await login('owner', 'a-password'));
  });

  it('answers a name that is no account as it answers a name of an account that waits: the same status after the same work', async () => {
    const hashing = vi.spyOn(crypto.subtle, 'deriveBits');
    const attempt = async (name: string, password: string) => {
      hashing.mockClear();
      const result = await login(name, password);
      return { status: result.status, text: result.json.meta.text, hashed: hashing.mock.calls.length };
    };
    // The first name that is no account makes the stand-in hash it is checked against, once.
    await login('nobody-before', 'wrong-password');
    for (let i = 0; i < 5; i++) expectError(await login('owner', `guess-${i}`), 401, ErrorText.invalidLogin);

    // The account waits. Its other name and a name that is none answer alike, the right password too.
    const refused = { status: 401, text: ErrorText.invalidLogin, hashed: 1 };
    expect(await attempt('me', 'wrong-password')).toEqual(refused);
    expect(await attempt('nobody-at-all', 'wrong-password')).toEqual(refused);
    expect(await attempt('@me', 'a-password')).toEqual(refused);
    expect(await attempt('nobody-at-all', 'a-password')).toEqual(refused);
    // A name guessed five times waits, whether or not it is an account's, and is answered without the work.
    for (let i = 0; i < 3; i++) {
      expect(await attempt('me', `guess-${i}`)).toEqual(refused);
      expect(await attempt('nobody-at-all', `guess-${i}`)).toEqual(refused);
    }
    const waiting = { status: 429, text: ErrorText.tooManySignIns, hashed: 0 };
    for (const name of ['owner', 'me', 'nobody-at-all']) expect(await attempt(name, 'a-password')).toEqual(waiting);

    instance.clock.advance(31);
    expect(await attempt('owner', 'a-password')).toMatchObject({ status: 200, hashed: 1 });
    hashing.mockRestore();
  });

  it('takes as long for an unknown name as for a wrong password, so the names cannot be told by timing', async () => {
    const median = async (name: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await login(name, 'wrong-password');
        times.push(performance.now() - started);
        instance.clock.advance(3_600);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    const known = await median('owner');
    const unknown = await median('nobody-at-all');
    expect(unknown).toBeGreaterThan(known / 3);
  });

  it('lets a signed-in session expire after 30 days without use; the owner token does not', async () => {
    const { token: idle } = (await login('owner', 'a-password')).json.data;
    const { token: used } = (await login('owner', 'a-password')).json.data;
    instance.clock.advance(20 * 86_400);
    expectOk(await instance.call('POST', '/api/account/me', { token: used }));
    instance.clock.advance(11 * 86_400);
    expectError(await instance.call('POST', '/api/account/me', { token: idle }), 401, ErrorText.invalidToken);
    expectOk(await instance.call('POST', '/api/account/me', { token: used }));
    expectOk(await instance.call('POST', '/api/account/me'));
  });

  it('signs out: the token stops working, other tokens do not', async () => {
    const { token } = (await login('owner', 'a-password')).json.data;
    const { token: second } = (await login('owner', 'a-password')).json.data;
    const out = await instance.call('POST', '/api/auth/logout', { token: `Bearer ${token}` });
    expectOk(out);
    expect(out.json.data).toEqual({ signed_out: true });

    expectError(await instance.call('POST', '/api/account/me', { token }), 401, ErrorText.invalidToken);
    expectError(await instance.call('GET', '/api/posts/global', { token }), 401, ErrorText.invalidToken);
    expectError(await instance.call('POST', '/api/auth/logout', { token }), 401, ErrorText.invalidToken);
    expectOk(await instance.call('POST', '/api/account/me', { token: second }));
    expectOk(await instance.call('POST', '/api/account/me'));
  });
});

describe.each(BACKENDS)('GET /api/account/me (%s)', (backend) => {
  it('only reads, even when it carries the profile variables', async () => {
    const app = await startInstance(backend);
    const result = await app.call('GET', '/api/account/me', {
      params: { display_as: 'Changed', language: 'de', mail_addr: 'x@example.com', timezone: 'UTC' },
    });
    expect(result.status).toBe(200);
    expect(result.json.data.display_name).toBe('Owner');
    const again = await app.call('POST', '/api/account/me');
    expect(again.json.data.display_name).toBe('Owner');
    await app.close();
  });
});

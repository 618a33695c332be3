import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { createKept } from '../../../src-shared/service/kept';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk } from './helpers';

/** The small reads answered from memory between writes, in both interfaces. */
const READS = ['/api/account/me', '/api/account/personas', '/api/account/channels', '/users/me', '/users/sites'];

describe.each(BACKENDS)('small reads kept between writes (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend, 'a-password');
  });
  afterEach(async () => {
    await instance.close();
  });

  const read = async (path: string, token?: string) => {
    const result = await instance.call('GET', path, token === undefined ? {} : { token });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return result.json.data;
  };

  it('reads the store once while nothing is written, and again after a write', async () => {
    const get = vi.spyOn(instance.db.accounts, 'get');
    await read('/api/account/me');
    expect(get).toHaveBeenCalledTimes(1);
    await read('/api/account/me');
    expect(get).toHaveBeenCalledTimes(1);
    await instance.db.settings.put({ key: 'elsewhere', value: 'changed' });
    await read('/api/account/me');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('shows every write through the API in the very next read', async () => {
    for (const path of READS) await read(path);
    expectOk(
      await instance.call('POST', '/api/account/me', {
        params: { display_as: 'Ada', language: 'en-GB', mail_addr: 'ada@example.com', timezone: 'UTC' },
      }),
    );
    expect((await read('/api/account/me')).display_name).toBe('Ada');
    expect((await read('/users/me')).display_name).toBe('Ada');

    const created = await instance.call('POST', '/api/account/personas', { params: { handle: 'second' } });
    expectOk(created);
    expect((await read('/api/account/personas')).map((p: { as: string }) => p.as)).toContain('second');
    expect((await read('/api/account/me')).personas.map((p: { as: string }) => p.as)).toContain('second');
    expect((await read('/users/me')).accounts.map((p: { username: string }) => p.username)).toContain('second');

    const path = `/api/account/channels/${instance.channelGuid}`;
    expectOk(await instance.call('POST', path, { params: { name: 'Renamed' } }));
    expect((await read('/api/account/channels'))[0].name).toBe('Renamed');
    expect((await read('/users/sites'))[0].name).toBe('Renamed');

    const persona_guid = created.json.data.guid as string;
    expectOk(await instance.call('POST', `${path}/access`, { params: { persona_guid, access: 'write' } }));
    expect((await read('/api/account/channels'))[0].writers).toContain(persona_guid);
    expect(
      (await read('/api/account/personas')).find((p: { guid: string }) => p.guid === persona_guid).channels,
    ).toEqual([instance.channelGuid]);

    expect((await read('/users/me')).welcome).toBe(false);
    expect((await instance.call('POST', '/users/welcome')).status).toBe(200);
    expect((await read('/users/me')).welcome).toBe('seen');
  });

  it('shows a write that did not come through the API, as a sync pull makes it', async () => {
    for (const path of READS) await read(path);
    await instance.db.personas.update(instance.personaGuid, { name: 'Pulled' });
    expect((await read('/api/account/personas'))[0].name).toBe('Pulled');
    expect((await read('/users/me')).accounts[0].display_name).toBe('Pulled');
  });

  it("never answers one account's read with another's", async () => {
    const other = await addAccount(instance);
    for (let round = 0; round < 2; round++) {
      for (const path of READS) {
        const [mine, theirs] = [await read(path), await read(path, other.token)];
        expect(JSON.stringify(theirs)).not.toContain(instance.personaGuid);
        expect(JSON.stringify(mine)).not.toContain(other.personaGuid);
      }
      expect((await read('/api/account/me', other.token)).guid).toBe(other.accountGuid);
      expect((await read('/api/account/me')).guid).toBe(instance.accountGuid);
      expect((await read('/users/sites', other.token)).map((c: { guid: string }) => c.guid)).toEqual([
        other.channelGuid,
      ]);
    }
  });

  it('refuses a token at once when it was signed out after its answer was kept', async () => {
    const login = await instance.call('POST', '/api/auth/login', {
      token: null,
      params: { account_name: 'owner', account_pass: 'a-password' },
    });
    const { token } = login.json.data;
    for (const path of READS) await read(path, token);
    expectOk(await instance.call('POST', '/api/auth/logout', { token }));
    for (const path of READS) {
      const refused = await instance.call('GET', path, { token });
      expect([refused.status, refused.json.meta.text]).toEqual([401, ErrorText.invalidToken]);
    }
  });

  it('notes the use of a sign-in answered from memory, and lets an unused one lapse', async () => {
    const login = () =>
      instance.call('POST', '/api/auth/login', {
        token: null,
        params: { account_name: 'owner', account_pass: 'a-password' },
      });
    const { token: used } = (await login()).json.data;
    const { token: idle } = (await login()).json.data;
    await read('/api/account/me', used);
    await read('/api/account/me', idle);
    // Nothing was written since: the answer is the kept one, and it must note the token's use all the same.
    instance.clock.advance(29 * 86_400);
    await read('/api/account/me', used);
    await vi.waitFor(async () =>
      expect((await instance.db.tokens.toArray()).filter((t) => t.lastUsedUnix !== undefined)).toHaveLength(1),
    );
    instance.clock.advance(2 * 86_400);
    expectError(await instance.call('GET', '/api/account/me', { token: idle }), 401, ErrorText.invalidToken);
    await read('/api/account/me', used);
  });
});

describe('values kept by write version', () => {
  const value = (text: string, version: number) => ({ text, version });

  it('answers only for the write version a value was made at, and forgets it after', () => {
    const kept = createKept<{ text: string; version: number }>({ maxEntries: 10, maxChars: 10 });
    kept.keep('k', value('one', 3), 3);
    expect(kept.get('k', 3)?.text).toBe('one');
    expect(kept.get('k', 4)).toBeUndefined();
    expect(kept.get('k', 3)).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('holds at most its count, dropping the least recently used, and nothing over its size', () => {
    const kept = createKept<{ text: string; version: number }>({ maxEntries: 2, maxChars: 10 });
    kept.keep('a', value('1', 0), 1);
    kept.keep('b', value('2', 0), 1);
    expect(kept.get('a', 0)?.text).toBe('1');
    kept.keep('c', value('3', 0), 1);
    expect(kept.size).toBe(2);
    expect(kept.get('b', 0)).toBeUndefined();
    expect(kept.get('a', 0)?.text).toBe('1');
    kept.keep('d', value('x', 0), 11);
    expect(kept.get('d', 0)).toBeUndefined();
    kept.keep('e'.repeat(11), value('4', 0), 1);
    expect(kept.size).toBe(2);
  });
});

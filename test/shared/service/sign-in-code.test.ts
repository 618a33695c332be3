import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorText } from '../../../src-shared/api/errors';
import { createSignInCodes, type SignInCodes } from '../../../src-shared/service/sign-in-codes';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { expectError, expectOk } from './helpers';

/** The one-time code of a printed sign-in link, traded for a session with `POST /api/auth/code`. */
describe.each(BACKENDS)('signing in with a one-time link (%s)', (backend) => {
  let instance: TestInstance;
  let codes: SignInCodes;
  beforeEach(async () => {
    codes = createSignInCodes();
    instance = await startInstance(backend, undefined, { signInCodes: codes });
  });
  afterEach(async () => {
    await instance.close();
  });

  const now = () => Math.floor(instance.clock.now() / 1000);
  const exchange = (code: string) => instance.call('POST', '/api/auth/code', { token: null, params: { code } });

  it('trades a right code once for a token of the owner account that works, and refuses it the second time', async () => {
    const code = await codes.issue(now());
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await exchange(code);
    expectOk(first);
    expect(first.json.data).toEqual({ token: expect.any(String), account_guid: instance.accountGuid });
    const { token } = first.json.data;
    expect((await instance.call('GET', '/api/account/me', { token })).json.data.guid).toBe(instance.accountGuid);
    // Signed in as a password would: signing out ends it.
    expectOk(await instance.call('POST', '/api/auth/logout', { token }));
    expectError(await instance.call('GET', '/api/account/me', { token }), 401, ErrorText.invalidToken);

    expectError(await exchange(code), 401, ErrorText.invalidSignInCode);
  });

  it('refuses a wrong code and an expired one alike, and keeps no code in the store', async () => {
    const code = await codes.issue(now());
    expectError(
      await exchange(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`),
      401,
      ErrorText.invalidSignInCode,
    );
    expectError(await instance.call('POST', '/api/auth/code', { token: null, params: {} }), 400, 'code is required');
    expectError(await exchange('x'.repeat(129)), 400, 'code must be at most 128 characters');
    const tables = await Promise.all(instance.db.tables.map((table) => table.toArray()));
    expect(JSON.stringify(tables)).not.toContain(code);

    instance.clock.advance(15 * 60 + 1);
    expectError(await exchange(code), 401, ErrorText.invalidSignInCode);
    // Still in time at the last second of its fifteen minutes.
    const late = await codes.issue(now());
    instance.clock.advance(15 * 60);
    expectOk(await exchange(late));
  });

  it('slows guessing: after five wrong codes every try waits, the right one too, then it works', async () => {
    const code = await codes.issue(now());
    for (let i = 0; i < 5; i++) expectError(await exchange(`a-guess-${i}`), 401, ErrorText.invalidSignInCode);
    expectError(await exchange(code), 429, ErrorText.tooManySignIns);
    // The wait doubles with each wrong guess past six: 30 s, 30 s, 60 s, 120 s…
    instance.clock.advance(31);
    expectError(await exchange('a-sixth-guess'), 401, ErrorText.invalidSignInCode);
    instance.clock.advance(31);
    expectError(await exchange('a-seventh-guess'), 401, ErrorText.invalidSignInCode);
    instance.clock.advance(31);
    expectError(await exchange(code), 429, ErrorText.tooManySignIns);
    instance.clock.advance(30);
    expectOk(await exchange(code));
  });

  it('says in GET /api/about that links are printed, and whether a password is set', async () => {
    const about = await instance.call('GET', '/api/about', { token: null });
    expect(about.json.data.sign_in).toEqual({ password: false, link: true });
    expect(about.json.data.extensions).toContain('sign_in_link');
    // The archive route is the host's, beside the service: a service alone does not claim it.
    expect(about.json.data.extensions).not.toContain('export');
    expectOk(await instance.call('POST', '/api/account/password', { params: { password: 'a-password-now' } }));
    expect((await instance.call('GET', '/api/about', { token: null })).json.data.sign_in).toEqual({
      password: true,
      link: true,
    });
  });
});

describe('an instance that prints no links', () => {
  it('says so, and refuses every code', async () => {
    const instance = await startInstance('memory', 'a-password');
    try {
      expect((await instance.call('GET', '/api/about', { token: null })).json.data.sign_in).toEqual({
        password: true,
        link: false,
      });
      expectError(
        await instance.call('POST', '/api/auth/code', { token: null, params: { code: 'anything-at-all' } }),
        401,
        ErrorText.invalidSignInCode,
      );
    } finally {
      await instance.close();
    }
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteError } from '../../src-shared/client/errors';
import { pageConnection, type Connection } from '../../src-renderer/api/clients';
import { clients, describeFailure, useSession } from '../../src-renderer/state/session';
import { refusesThisSession } from '../../src-renderer/state/session-refused';
import { OWNER_TOKEN, startInstance, type TestInstance } from '../support/instance';

const answered = (status: number, remoteText: string) =>
  new RemoteError({
    kind: status === 401 || status === 403 ? 'auth' : 'rejected',
    status,
    remoteText,
    message: remoteText,
    method: 'POST',
    path: '/api/x',
  });

describe('which refusals sign the page out', () => {
  afterEach(() => {
    useSession.setState({ session: { status: 'signed-out', reason: null } });
    localStorage.clear();
  });

  it("only the instance refusing the page's own token", () => {
    expect(refusesThisSession(answered(401, 'Invalid or Expired Token Supplied'))).toBe(true);
    expect(refusesThisSession(answered(403, 'You Need to Log In First'))).toBe(true);
    // A wrong current password in Settings, a remote's refusal from an older instance, anything else.
    expect(refusesThisSession(answered(401, 'Invalid Account Name or Password'))).toBe(false);
    expect(refusesThisSession(answered(401, 'The Remote Instance Refused the Sign-In'))).toBe(false);
    expect(refusesThisSession(answered(422, 'The Remote Instance Refused the Sign-In'))).toBe(false);
    expect(refusesThisSession(new Error('Invalid or Expired Token Supplied'))).toBe(false);
  });

  it('describes a failure and does nothing else, whatever the failure says', () => {
    useSession.getState().connect(pageConnection('a-token-of-this-page-0123'), 'pasted');
    expect(describeFailure(answered(422, 'The Remote Instance Refused the Sign-In'))).toBe(
      'The Remote Instance Refused the Sign-In',
    );
    expect(describeFailure(answered(401, 'Invalid Account Name or Password'))).toBe('Invalid Account Name or Password');
    expect(describeFailure(answered(401, 'Invalid or Expired Token Supplied'))).toBe(
      'Invalid or Expired Token Supplied',
    );
    expect(useSession.getState().session.status).toBe('signed-in');
  });
});

describe('a page whose token the instance refuses', () => {
  let instance: TestInstance;
  const connection = (token: string): Connection => ({
    baseUrl: 'http://desk.test',
    token,
    fetch: async (input, init) => instance.service(new Request(input, init)),
  });
  const failureOf = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (failure: unknown) => failure,
    );

  afterEach(async () => {
    useSession.setState({ session: { status: 'signed-out', reason: null } });
    localStorage.clear();
    await instance.close();
  });

  it('is signed out by any call the instance refuses it on, described or not', async () => {
    instance = await startInstance('memory');
    for (const call of [
      () => clients().desk.profile(),
      () => clients().desk.remotes(),
      () => clients().instance.accountMe(),
    ]) {
      useSession.getState().connect(connection('a-token-the-instance-never-gave-0123'), 'pasted');
      expect(refusesThisSession(await failureOf(call()))).toBe(true);
      expect(useSession.getState().session).toMatchObject({
        status: 'signed-out',
        reason: expect.stringContaining('no longer accepts'),
      });
    }
  });

  it('stays signed in when the instance refuses anything else, and when an earlier sign-in is refused', async () => {
    instance = await startInstance('memory');
    useSession.getState().connect(connection('a-token-the-instance-never-gave-0123'), 'pasted');
    const stale = clients();
    useSession.getState().connect(connection(OWNER_TOKEN), 'pasted');
    expect(await failureOf(clients().instance.login('owner', 'not the password'))).toMatchObject({ status: 401 });
    expect(await failureOf(clients().desk.personaPage('nobody-of-this-name'))).toMatchObject({ status: 404 });
    expect(refusesThisSession(await failureOf(stale.desk.profile()))).toBe(true);
    expect(useSession.getState().session.status).toBe('signed-in');
    await expect(clients().desk.profile()).resolves.toBeTruthy();
  });
});

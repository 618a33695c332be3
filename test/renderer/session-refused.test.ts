// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteError } from '../../src-shared/client/errors';
import { pageConnection } from '../../src-renderer/api/clients';
import { describeFailure, useSession } from '../../src-renderer/state/session';
import { refusesThisSession } from '../../src-renderer/state/session-refused';

const answered = (status: number, remoteText: string) =>
  new RemoteError({ kind: status === 401 || status === 403 ? 'auth' : 'rejected', status, remoteText, message: remoteText, method: 'POST', path: '/api/x' });

describe('which refusals sign the page out', () => {
  afterEach(() => {
    useSession.setState({ session: { status: 'signed-out', reason: null } });
    localStorage.clear();
  });

  it('only the instance refusing the page\'s own token', () => {
    expect(refusesThisSession(answered(401, 'Invalid or Expired Token Supplied'))).toBe(true);
    expect(refusesThisSession(answered(403, 'You Need to Log In First'))).toBe(true);
    // A wrong current password in Settings, a remote's refusal from an older instance, anything else.
    expect(refusesThisSession(answered(401, 'Invalid Account Name or Password'))).toBe(false);
    expect(refusesThisSession(answered(401, 'The Remote Instance Refused the Sign-In'))).toBe(false);
    expect(refusesThisSession(answered(422, 'The Remote Instance Refused the Sign-In'))).toBe(false);
    expect(refusesThisSession(new Error('Invalid or Expired Token Supplied'))).toBe(false);
  });

  it('keeps the page signed in when a remote refuses, and signs it out when its own token is refused', () => {
    useSession.getState().connect(pageConnection('a-token-of-this-page-0123'), 'pasted');
    expect(describeFailure(answered(422, 'The Remote Instance Refused the Sign-In'))).toBe('The Remote Instance Refused the Sign-In');
    expect(describeFailure(answered(401, 'Invalid Account Name or Password'))).toBe('Invalid Account Name or Password');
    expect(useSession.getState().session.status).toBe('signed-in');
    describeFailure(answered(401, 'Invalid or Expired Token Supplied'));
    expect(useSession.getState().session).toMatchObject({ status: 'signed-out', reason: expect.stringContaining('no longer accepts') });
  });
});

import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../../src-shared/client/errors';
import { failing, failureOf, failureWords } from '../../../src-shared/sync/failure';

describe('a sync failure', () => {
  it('keeps the kind and the timeout of what the client threw', () => {
    const error = new RemoteError({ kind: 'uncertain', message: 'No answer within 15 s', method: 'POST', path: '/api/posts/write', timedOut: true });
    expect(failureOf(error)).toEqual({ kind: 'uncertain', message: 'No answer within 15 s', timedOut: true });
  });

  it('reads back what sync throws itself, and calls anything else a protocol failure', () => {
    expect(failureOf(failing('rejected', 'The post is no longer on the remote'))).toEqual({ kind: 'rejected', message: 'The post is no longer on the remote', timedOut: false });
    expect(failureOf(new Error('Unexpected token <'))).toEqual({ kind: 'protocol', message: 'Unexpected token <', timedOut: false });
    expect(failureOf(Object.assign(new Error('odd'), { kind: 'teapot' }))).toMatchObject({ kind: 'protocol' });
    expect(failureOf('thrown text')).toEqual({ kind: 'protocol', message: 'thrown text', timedOut: false });
  });

  it('is told in plain words where the person can act on it, else in the remote\'s', () => {
    const words = (kind: Parameters<typeof failing>[0], message = 'The remote said so') => failureWords({ kind, message });
    expect(words('offline')).toBe('The remote cannot be reached');
    expect(words('auth')).toBe('The remote refused the token: sign in again');
    expect(words('unreadable-token')).toBe('The token for this remote cannot be read here: add the remote again');
    expect(words('server')).toBe('The remote said so');
    expect(words('protocol', '')).toBe('protocol');
  });
});

import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../../src-shared/client/errors';
import { failing, failureOf, failureWords, MAX_FAILURE_WORDS } from '../../../src-shared/sync/failure';

describe('a sync failure', () => {
  it('keeps the kind and the timeout of what the client threw', () => {
    const error = new RemoteError({
      kind: 'uncertain',
      message: 'No answer within 15 s',
      method: 'POST',
      path: '/api/posts/write',
      timedOut: true,
    });
    expect(failureOf(error)).toEqual({ kind: 'uncertain', message: 'No answer within 15 s', timedOut: true });
  });

  it('reads back what sync throws itself, and calls anything else a protocol failure', () => {
    expect(failureOf(failing('rejected', 'The post is no longer on the remote'))).toEqual({
      kind: 'rejected',
      message: 'The post is no longer on the remote',
      timedOut: false,
    });
    expect(failureOf(new Error('Unexpected token <'))).toEqual({
      kind: 'protocol',
      message: 'Unexpected token <',
      timedOut: false,
    });
    expect(failureOf(Object.assign(new Error('odd'), { kind: 'teapot' }))).toMatchObject({ kind: 'protocol' });
    expect(failureOf('thrown text')).toEqual({ kind: 'protocol', message: 'thrown text', timedOut: false });
  });

  it("is told in plain words where the person can act on it, else in the remote's", () => {
    const words = (kind: Parameters<typeof failing>[0], message = 'The remote said so') =>
      failureWords({ kind, message });
    expect(words('offline')).toBe('The remote cannot be reached');
    expect(words('auth')).toBe('The remote refused the token: sign in again');
    expect(words('unreadable-token')).toBe('The token for this remote cannot be read here: add the remote again');
    expect(words('server')).toBe('The remote said so');
    expect(words('protocol', '')).toBe('protocol');
  });
});

describe('the words a failure is kept in', () => {
  it('names the plain cause of an unreachable remote', () => {
    const offline = (message: string) => failureWords({ kind: 'offline', message });
    expect(offline('Could not connect to social.example (connect ECONNREFUSED 127.0.0.1:443)')).toBe(
      'The remote cannot be reached (connection refused)',
    );
    expect(offline('Could not connect to social.example (getaddrinfo ENOTFOUND social.example)')).toBe(
      'The remote cannot be reached (its name was not found)',
    );
    expect(offline('Could not connect to social.example (fetch failed)')).toBe('The remote cannot be reached');
  });

  it('keeps a huge or many-lined message from a remote to one bounded line', () => {
    const huge = `Error: the remote fell over\n    at frame (x.js:1:1)\n${'x'.repeat(100_000)}`;
    const words = failureWords({ kind: 'server', message: huge });
    expect(words.length).toBe(MAX_FAILURE_WORDS);
    expect(words).not.toContain('\n');
    expect(words.startsWith('Error: the remote fell over at frame (x.js:1:1) xxx')).toBe(true);
    expect(words.endsWith('…')).toBe(true);
  });
});

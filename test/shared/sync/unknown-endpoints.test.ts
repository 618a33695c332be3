import type http from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startDesktop, type DesktopInstance } from '../../support/sync-instances';
import { json, startFakeRemote, type FakeRemote, type SeenRequest } from '../client/helpers';

/**
 * Adding a remote that answers this project's extension endpoints (and streams') with anything but what it
 * offers: those are "not offered", and the remote is added; only a refusal of the profile's read, which
 * every instance server has, is a refused sign-in.
 */
const TOKEN = 'a-token-of-some-server-0123456789';
const PERSONA = 'abcdef00-0000-4000-8000-000000000001';
const htmlPage = (res: http.ServerResponse, status: number) => {
  res.writeHead(status, { 'content-type': 'text/html' });
  return res.end('<!doctype html><title>Not here</title><h1>Nothing at this address</h1>');
};

function someServer(unknown: 'html-404' | 'login-401' | 'plain-400') {
  return (request: SeenRequest, res: http.ServerResponse) => {
    if (request.path === '/api/account/me') {
      if (request.headers.authorization !== TOKEN)
        return json(res, 401, { meta: { code: 401, text: 'Invalid Token' }, data: false });
      return json(res, 200, {
        meta: { code: 200 },
        data: { guid: 'acc-1', personas: [{ guid: PERSONA, as: 'someone', name: 'Someone' }] },
      });
    }
    if (unknown === 'html-404') return htmlPage(res, 404);
    if (unknown === 'login-401')
      return json(res, 401, { meta: { code: 401, text: 'You Need to Log In First' }, data: false });
    return json(res, 400, { meta: { code: 400, text: 'Bad Request' }, data: false });
  };
}

describe('adding a remote whose extension endpoints are not there', () => {
  let remote: FakeRemote;
  let desktop: DesktopInstance;

  it.each(['html-404', 'login-401', 'plain-400'] as const)(
    'adds it when they answer %s, with a local Channel standing in',
    async (unknown) => {
      remote = await startFakeRemote(someServer(unknown));
      onTestFinished(() => remote.close());
      desktop = await startDesktop('memory');
      onTestFinished(() => desktop.close());
      const added = await desktop.call('POST', '/api/sync/remotes', { params: { base_url: remote.url, token: TOKEN } });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      expect(added.json.data).toMatchObject({
        server: { software: 'Publishing Service (instance interface)', extensions: [] },
        personas: [{ guid: PERSONA, as: 'someone', name: 'Someone' }],
        channels: [expect.objectContaining({ stand_in: true })],
      });
      expect(remote.seen.map((r) => r.path)).toEqual(
        expect.arrayContaining(['/api/about', '/api/account/channels', `/api/account/${PERSONA}/posts`]),
      );
    },
  );

  it("says the sign-in was refused when the profile's read refuses the token", async () => {
    remote = await startFakeRemote(someServer('login-401'));
    onTestFinished(() => remote.close());
    desktop = await startDesktop('memory');
    onTestFinished(() => desktop.close());
    const refused = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: remote.url, token: 'not-the-token-0123456789' },
    });
    expect([refused.status, refused.json.meta.text]).toEqual([422, 'The Remote Instance Refused the Sign-In']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startDesktop, type DesktopInstance } from '../../support/sync-instances';
import { deskWith, unavailable, usePeer, type SyncedDesk } from './use-peer';

describe.skipIf(unavailable)('adding a matigo/streams server as a remote', () => {
  const real = usePeer();
  const opened: (SyncedDesk | DesktopInstance)[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });
  const fresh = async () => {
    const desk = await startDesktop('sqlite');
    opened.push(desk);
    return desk;
  };

  it('links its Personas with their handles, names and avatars, and its Channels by name, from a pasted token', async () => {
    const { peer } = real;
    const [row] = await peer.sql(
      `SELECT pa.name, pa.display_name, ch.name FROM Persona pa, Channel ch WHERE pa.guid = '${peer.owner.personaGuid}' AND ch.guid = '${peer.owner.channelGuid}'`,
    );
    const [handle, displayName, channelName] = (row ?? '').split('\t');
    const synced = await deskWith(peer, peer.owner);
    opened.push(synced);

    const status = (await synced.desk.call('GET', '/api/sync/remotes')).json.data[0];
    expect(status.server).toEqual({
      software: '10Centuries (matigo/streams)',
      kinds: ['post.article', 'post.note', 'post.bookmark', 'post.quotation'],
      extensions: [],
    });
    expect(status.personas).toEqual([{ guid: peer.owner.personaGuid, as: handle, name: displayName }]);
    expect(status.channels).toEqual([{ guid: peer.owner.channelGuid, name: channelName, stand_in: false }]);
    const personas = (await synced.desk.call('GET', '/api/account/personas')).json.data;
    expect(personas).toContainEqual(
      expect.objectContaining({
        guid: peer.owner.personaGuid,
        as: 'peer',
        avatar_url: `${peer.base}/avatars/default.png`,
        channels: [peer.owner.channelGuid],
      }),
    );
    // A first cycle goes through without a word of complaint.
    expect(await synced.sync()).toMatchObject({ last_error: false, attention: [], pending: 0 });
  });

  it('signs in with the account name and password, and says so when they are wrong', async () => {
    const { peer } = real;
    const desk = await fresh();
    const wrong = await desk.call('POST', '/api/sync/remotes', {
      params: { base_url: peer.base, account_name: 'peer', account_pass: 'not-the-password' },
    });
    expect([wrong.status, wrong.json.meta.text]).toEqual([422, 'The Remote Instance Refused the Sign-In']);
    expect((await desk.call('GET', '/api/sync/remotes')).json.data).toEqual([]);

    const right = await desk.call('POST', '/api/sync/remotes', {
      params: { base_url: peer.base, account_name: 'peer', account_pass: peer.owner.password },
    });
    expect(right.status).toBe(200);
    expect(right.json.data.personas).toEqual([expect.objectContaining({ guid: peer.owner.personaGuid, as: 'peer' })]);
  });

  it('tells a refused token apart from a server that is not there', async () => {
    const { peer } = real;
    const desk = await fresh();
    const refused = await desk.call('POST', '/api/sync/remotes', {
      params: { base_url: peer.base, token: 'CSQAA_not_a-real-token' },
    });
    expect([refused.status, refused.json.meta.text]).toEqual([422, 'The Remote Instance Refused the Sign-In']);
    const nobody = await desk.call('POST', '/api/sync/remotes', {
      params: { base_url: 'http://127.0.0.1:9', token: peer.owner.token },
    });
    expect([nobody.status, nobody.json.meta.text]).toEqual([502, 'Could Not Reach the Remote Instance']);
  });

  it('notices when the peer stops taking the token, although the peer then answers its timelines as to anyone', async () => {
    const { peer } = real;
    const account = await peer.addAccount('leaver');
    const synced = await deskWith(peer, account);
    opened.push(synced);
    expect(await synced.sync()).toMatchObject({ last_error: false });
    await peer.sql(
      `UPDATE Tokens SET is_deleted = 'Y' WHERE account_id = (SELECT account_id FROM Persona WHERE guid = '${account.personaGuid}')`,
    );
    expect(await synced.sync()).toMatchObject({ last_error: 'The remote refused the token: sign in again' });
  });
});

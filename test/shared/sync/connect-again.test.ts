import { describe, expect, it, onTestFinished } from 'vitest';
import { OWNER_TOKEN } from '../../support/instance';
import { startDesktop, startServedInstance } from '../../support/sync-instances';

/**
 * A remote whose token this desk cannot read any more: restored from an archive (which never carries a
 * token), or moved to a desk whose keychain sealed nothing for it. Sync asks the person to add it again,
 * and adding it again connects the same remote: its links, cursors and waiting changes stay.
 */
describe('a remote added again to connect it once more', () => {
  it('takes the token anew, keeps the remote and its links, and sends what waited exactly once', async () => {
    const remote = await startServedInstance('sqlite');
    onTestFinished(() => remote.stop());
    const desktop = await startDesktop('sqlite');
    onTestFinished(() => desktop.close());
    const add = (token: string) =>
      desktop.call('POST', '/api/sync/remotes', { params: { base_url: remote.url, token } });
    const added = await add(OWNER_TOKEN);
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const guid: string = added.json.data.guid;
    const linked: string = added.json.data.personas[0].guid;
    const write = async (content: string) => {
      const written = await desktop.call('POST', '/api/posts/write', {
        params: { content, post_type: 'post.note', persona_guid: linked },
      });
      expect(written.status, JSON.stringify(written.json)).toBe(200);
    };
    // Sorted: posts written within one second stand in the timeline in the order of their GUIDs.
    const onRemote = async () =>
      (await remote.call('GET', '/api/posts/global?count=50')).json.data.map((p: { text: string }) => p.text).sort();

    await write('Sent before the restore');
    await desktop.engine.runScheduled(guid);
    expect(await onRemote()).toEqual(['Sent before the restore']);

    // What a restore leaves: the remote without its token.
    await desktop.db.remotes.update(guid, { sealedToken: '' });
    await write('Written while the token was lost');
    await desktop.engine.runScheduled(guid);
    const stuck = (await desktop.call('GET', '/api/sync/remotes')).json.data[0];
    expect(stuck).toMatchObject({ guid, last_error_kind: 'unreadable-token', pending: 1 });
    expect(await onRemote()).toEqual(['Sent before the restore']);

    // A wrong token is refused and changes nothing.
    expect((await add('not the token at all')).status).toBe(422);
    expect((await desktop.db.remotes.get(guid))?.sealedToken).toBe('');

    const again = await add(OWNER_TOKEN);
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data).toMatchObject({ guid, pending: 1, last_error: false });
    expect(again.json.data.personas.map((p: { guid: string }) => p.guid)).toContain(linked);
    expect((await desktop.call('GET', '/api/sync/remotes')).json.data).toHaveLength(1);

    await desktop.engine.runScheduled(guid);
    expect(await onRemote()).toEqual(['Sent before the restore', 'Written while the token was lost']);
    expect((await desktop.call('GET', '/api/sync/remotes')).json.data[0]).toMatchObject({
      pending: 0,
      last_error: false,
    });

    // Connected, it is added once: adding it again is refused as before.
    expect((await add(OWNER_TOKEN)).json.meta).toMatchObject({
      code: 409,
      text: 'This Remote Instance Is Already Added',
    });
  });
});

import { describe, expect, it, onTestFinished } from 'vitest';
import {
  addRemote,
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

describe('a post edited here and on the remote while apart', () => {
  let remote: ServedInstance;
  let desktop: DesktopInstance;
  let remoteGuid: string;
  let postGuid: string;

  const sync = async () => (await desktop.call('POST', `/api/sync/remotes/${remoteGuid}/sync`)).json.data;
  const textOn = async (instance: ServedInstance | DesktopInstance) =>
    (await instance.call('GET', `/api/posts/${postGuid}`)).json.data[0].text;

  async function editBothWhileApart(remoteSeconds = 120) {
    remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    desktop = await startDesktop('memory');
    onTestFinished(() => desktop.close());
    postGuid = (
      await remote.call('POST', '/api/posts/write', { params: { content: 'Agreed text', post_type: 'post.note' } })
    ).json.data[0].guid;
    remoteGuid = (await addRemote(desktop, remote)).guid;
    await sync();
    await remote.pause();
    desktop.clock.advance(60);
    remote.clock.advance(remoteSeconds);
    await desktop.call('POST', `/api/posts/${postGuid}/write`, { params: { content: 'Edited on the desktop' } });
    await remote.call('POST', `/api/posts/${postGuid}/write`, { params: { content: 'Edited on the remote' } });
    await remote.resume();
  }

  it('keeps both versions, overwrites neither, and says so', async () => {
    await editBothWhileApart();
    const status = await sync();
    expect(status.attention).toEqual([
      expect.objectContaining({
        op: 'edit',
        post_guid: postGuid,
        reason: 'Edited on the remote too: choose which version to keep',
      }),
    ]);
    expect(status.conflicts).toHaveLength(1);
    expect(await textOn(remote)).toBe('Edited on the remote');
    expect(await textOn(desktop)).toBe('Edited on the desktop');
    const listed = await desktop.call('GET', '/api/sync/conflicts');
    expect(listed.json.data).toEqual([
      expect.objectContaining({
        post_guid: postGuid,
        local: expect.objectContaining({ text: 'Edited on the desktop' }),
        remote: expect.objectContaining({ text: 'Edited on the remote' }),
      }),
    ]);
    // Syncing again changes nothing until the person chooses.
    await sync();
    expect(await textOn(remote)).toBe('Edited on the remote');
  });

  it('notices an edit made on the remote within the same second as the version held here', async () => {
    await editBothWhileApart(0);
    const status = await sync();
    expect(status.conflicts).toHaveLength(1);
    expect(await textOn(remote)).toBe('Edited on the remote');
    expect((await desktop.call('POST', `/api/sync/conflicts/${postGuid}`, { params: { keep: 'local' } })).status).toBe(
      200,
    );
    expect(await sync()).toMatchObject({ pending: 0, attention: [], conflicts: [] });
    expect(await textOn(remote)).toBe('Edited on the desktop');
  });

  it('sends the local version when the person keeps it', async () => {
    await editBothWhileApart();
    await sync();
    const kept = await desktop.call('POST', `/api/sync/conflicts/${postGuid}`, { params: { keep: 'local' } });
    expect(kept.status).toBe(200);
    expect(await sync()).toMatchObject({ pending: 0, attention: [], conflicts: [] });
    expect(await textOn(remote)).toBe('Edited on the desktop');
    expect(await textOn(desktop)).toBe('Edited on the desktop');
  });

  it('takes the remote version when the person keeps that', async () => {
    await editBothWhileApart();
    await sync();
    expect((await desktop.call('POST', `/api/sync/conflicts/${postGuid}`, { params: { keep: 'remote' } })).status).toBe(
      200,
    );
    expect(await textOn(desktop)).toBe('Edited on the remote');
    expect(await sync()).toMatchObject({ pending: 0, attention: [], conflicts: [] });
    expect(await textOn(remote)).toBe('Edited on the remote');
  });

  it('refuses a choice that is not local or remote, and a post without a conflict', async () => {
    await editBothWhileApart();
    await sync();
    const wrong = await desktop.call('POST', `/api/sync/conflicts/${postGuid}`, { params: { keep: 'both' } });
    expect([wrong.status, wrong.json.meta.text]).toEqual([400, 'keep must be local or remote']);
    const none = await desktop.call('POST', '/api/sync/conflicts/00000000-0000-4000-8000-000000000000', {
      params: { keep: 'local' },
    });
    expect([none.status, none.json.meta.text]).toEqual([404, 'Invalid Conflict Identifier Supplied']);
  });
});

describe('opening a post that came from a remote', () => {
  let remote: ServedInstance;
  let desktop: DesktopInstance;

  it('brings replies written there since, and takes the post away once the remote no longer serves it', async () => {
    remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    desktop = await startDesktop('memory');
    onTestFinished(() => desktop.close());
    const root = (
      await remote.call('POST', '/api/posts/write', { params: { content: 'Root', post_type: 'post.note' } })
    ).json.data[0];
    const remoteGuid = (await addRemote(desktop, remote)).guid;
    await desktop.call('POST', `/api/sync/remotes/${remoteGuid}/sync`);
    // A reply to an old post lands behind the pull cursor.
    remote.clock.advance(86_400);
    await remote.call('POST', '/api/posts/write', {
      params: {
        content: 'A late reply',
        post_type: 'post.note',
        reply_to: root.guid,
        publish_at: String((root.publish_unix as number) + 1),
      },
    });

    const refreshed = await desktop.call('POST', `/api/sync/posts/${root.guid}/refresh`);
    expect(refreshed.json.data).toEqual({ post_guid: root.guid, gone: false, stored: 1 });
    const thread = await desktop.call('GET', `/api/posts/${root.guid}/thread`);
    expect(thread.json.data.map((p: { text: string }) => p.text)).toEqual(['Root', 'A late reply']);
    const reply = thread.json.data[1].guid as string;

    await remote.call('DELETE', `/api/posts/${root.guid}`);
    const gone = await desktop.call('POST', `/api/sync/posts/${root.guid}/refresh`);
    expect(gone.json.data).toMatchObject({ gone: true });
    expect((await desktop.db.posts.where('guid').equals(root.guid).first())?.goneUnix).toBe(desktop.clock.now() / 1000);
    expect((await desktop.call('GET', `/api/posts/${root.guid}`)).status).toBe(400);
    // Its reply stays: the remote still has it.
    expect((await desktop.call('GET', `/api/posts/${reply}`)).json.data[0].text).toBe('A late reply');

    const local = (
      await desktop.call('POST', '/api/posts/write', { params: { content: 'Local only', post_type: 'post.note' } })
    ).json.data[0];
    const notSynced = await desktop.call('POST', `/api/sync/posts/${local.guid}/refresh`);
    expect([notSynced.status, notSynced.json.meta.text]).toEqual([
      400,
      'This Post Does Not Come from a Remote Instance',
    ]);
  });
});

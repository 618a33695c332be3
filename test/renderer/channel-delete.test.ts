// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChannelsSection } from '../../src-renderer/screens/settings/ChannelsSection';
import { useAccount } from '../../src-renderer/state/account';
import { deleteChannel } from '../../src-renderer/state/channel-delete';
import { blankDraft, useDrafts } from '../../src-renderer/state/drafts';
import { usePosts } from '../../src-renderer/state/posts';
import { useRoute } from '../../src-renderer/state/route';
import { ALL_TYPES } from '../../src-renderer/state/timeline-spec';
import { openTimeline } from '../../src-renderer/state/timeline-posts';
import { useTimelines } from '../../src-renderer/state/timelines';
import { useToasts } from '../../src-renderer/state/toasts';
import { linkRemoteAccount } from '../../src-shared/sync/link';
import { newGuid } from '../../src-shared/util/secrets';
import type { TestInstance } from '../support/instance';
import { actSettled, connectedInstance } from './support';

/** Deleting a Channel in the settings: the dialog, and the page brought in step afterwards. */
describe('deleting a Channel', () => {
  let instance: TestInstance;
  let journal: string;
  let archive: string;

  const createChannel = async (name: string): Promise<string> => {
    const data = (await instance.call('POST', '/api/account/channels', { params: { name } })).json.data;
    return (Array.isArray(data) ? data[0] : data).guid;
  };
  const write = async (channel: string, content: string): Promise<string> =>
    (
      await instance.call('POST', '/api/posts/write', {
        params: { content, post_type: 'post.note', channel_guid: channel },
      })
    ).json.data[0].guid;
  /** A Channel's timeline, open as the page would have it. */
  const openChannel = async (channel: string): Promise<string> => {
    const key = openTimeline({ kind: 'channel', persona: instance.personaGuid, channel, types: ALL_TYPES });
    await waitFor(() => expect(useTimelines.getState().byKey[key]?.status).toBe('ready'));
    return key;
  };
  const guidsIn = (key: string) => useTimelines.getState().byKey[key]?.guids;
  const channelNames = () => useAccount.getState().channels.map((c) => c.name);

  beforeEach(async () => {
    localStorage.clear();
    instance = await connectedInstance();
    useToasts.setState({ toasts: [] });
    useDrafts.setState({ drafts: [] });
    usePosts.setState({ byGuid: {} });
    useTimelines.setState({ byKey: {} });
    useRoute.setState({ route: { screen: 'settings' } });
    journal = await createChannel('Journal');
    archive = await createChannel('Archive');
    await useAccount.getState().load();
  });
  afterEach(async () => {
    cleanup();
    await instance.close();
  });

  it('asks where the posts go, moves them there, and updates the list and the open timelines', async () => {
    const post = await write(journal, 'Kept in the journal');
    const journalKey = await openChannel(journal);
    const archiveKey = await openChannel(archive);
    expect(guidsIn(journalKey)).toEqual([post]);
    expect(guidsIn(archiveKey)).toEqual([]);

    const view = render(createElement(ChannelsSection));
    fireEvent.click(view.getByRole('button', { name: 'Delete Channel Journal' }));
    const dialog = view.getByRole('dialog', { name: 'Delete Channel Journal?' });
    const where = within(dialog).getByRole('combobox', { name: 'Move its posts to' });
    // The first other Channel unless the person chooses.
    expect(where).toHaveProperty('value', instance.channelGuid);
    expect([...where.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Main', 'Archive']);
    expect(dialog.textContent).toMatch(/Its posts are not deleted: they move to Main/);
    fireEvent.change(where, { target: { value: archive } });
    expect(dialog.textContent).toMatch(/they move to Archive/);

    await actSettled(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Channel' }));
    });
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(channelNames()).toEqual(['Main', 'Archive']);
    expect(view.queryByRole('button', { name: 'Delete Channel Journal' })).toBeNull();
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual([
      'Channel Journal deleted; 1 post moved to Archive.',
    ]);
    // The open timelines of both Channels read again, and the post the page holds says where it is now.
    await waitFor(() => expect(guidsIn(archiveKey)).toEqual([post]));
    await waitFor(() => expect(guidsIn(journalKey)).toEqual([]));
    expect(usePosts.getState().byGuid[post]?.channel_guid).toBe(archive);
    // The focus was on the card that is gone: it is on the list's heading.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Channels'));
  });

  it("shows the instance's refusal in the dialog and keeps it open", async () => {
    const view = render(createElement(ChannelsSection));
    fireEvent.click(view.getByRole('button', { name: 'Delete Channel Journal' }));
    // Deleted meanwhile, from another window.
    await instance.call('DELETE', `/api/account/channels/${journal}`);
    const dialog = view.getByRole('dialog');
    await actSettled(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Channel' }));
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toMatch(/Invalid Channel Identifier Supplied/),
    );
    expect(view.getByRole('dialog')).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(view.queryByRole('dialog')).toBeNull();
  });

  it("cannot delete the last Channel or a remote's, and says why", async () => {
    for (const guid of [journal, archive]) await instance.call('DELETE', `/api/account/channels/${guid}`);
    const now = Math.floor(instance.clock.now() / 1000);
    await linkRemoteAccount(instance.db, {
      remote: {
        guid: newGuid(),
        baseUrl: 'https://remote.example',
        interface: 'instance',
        sealedToken: 'sealed',
        accountRef: 'r',
        pollSeconds: 60,
        createdUnix: now,
        lastPullUnix: null,
        lastPushUnix: null,
        lastError: null,
        lastErrorUnix: null,
      },
      ownerAccountGuid: instance.accountGuid,
      account: { ref: 'r', personas: [], channels: [{ guid: newGuid(), name: 'Over there', writers: [] }] },
      now,
    });
    await useAccount.getState().load();
    const view = render(createElement(ChannelsSection));

    const remote = view.getByRole('button', { name: 'Delete Channel Over there' });
    expect(remote.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(remote.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /belongs to a remote instance/,
    );
    fireEvent.click(remote);
    expect(view.queryByRole('dialog')).toBeNull();

    // With the remote's Channel aside, Main may go; alone, it may not.
    expect(view.getByRole('button', { name: 'Delete Channel Main' }).getAttribute('aria-disabled')).toBe('false');
    await actSettled(() => {
      useAccount.getState().setChannels(useAccount.getState().channels.filter((c) => c.name === 'Main'));
    });
    const last = view.getByRole('button', { name: 'Delete Channel Main' });
    expect(last.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(last.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/only Channel/);
    fireEvent.click(last);
    expect(view.queryByRole('dialog')).toBeNull();
  });

  it("takes the person from the deleted Channel's timeline to where its posts went, and moves drafts along", async () => {
    useRoute.setState({ route: { screen: 'channel', channel: journal } });
    const draft = blankDraft({ personaGuid: instance.personaGuid, channelGuid: journal, text: 'Half written' });
    useDrafts.getState().add(draft);
    const result = await deleteChannel(journal, archive);
    expect(result).toMatchObject({ channel_guid: journal, moved_to: archive, moved_posts: 0 });
    expect(useRoute.getState().route).toEqual({ screen: 'channel', channel: archive });
    expect(useDrafts.getState().drafts.find((d) => d.id === draft.id)?.channelGuid).toBe(archive);
    expect(channelNames()).toEqual(['Main', 'Archive']);
  });
});

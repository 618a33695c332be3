// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Composer } from '../../src-renderer/screens/composer/Composer';
import { useAccount } from '../../src-renderer/state/account';
import { setChannelAccess } from '../../src-renderer/state/channel-access';
import { blankDraft, useDrafts } from '../../src-renderer/state/drafts';
import { useToasts } from '../../src-renderer/state/toasts';
import type { TestInstance } from '../support/instance';
import { connectedInstance } from './support';

/** Which Personas may write to which Channel: the settings boxes and the composer's Channel picker. */
describe('write access to Channels', () => {
  let instance: TestInstance;
  let second: string;
  let side: string;

  beforeEach(async () => {
    localStorage.clear();
    instance = await connectedInstance();
    useToasts.setState({ toasts: [] });
    useDrafts.setState({ drafts: [] });
    const first = (data: unknown) => (Array.isArray(data) ? data[0] : data) as { guid: string };
    second = first(
      (await instance.call('POST', '/api/account/personas', { params: { handle: 'second', name: 'Second' } })).json
        .data,
    ).guid;
    // A Channel only the second Persona may write to.
    side = first(
      (await instance.call('POST', '/api/account/channels', { params: { name: 'Side notes', persona_guids: second } }))
        .json.data,
    ).guid;
    await useAccount.getState().load();
  });
  afterEach(async () => {
    cleanup();
    await instance.close();
  });

  const channelNames = (persona: string) =>
    useAccount
      .getState()
      .channels.filter((c) => c.writers.includes(persona))
      .map((c) => c.name);

  it("gives and takes write access, keeping the Personas' own lists in step", async () => {
    expect(channelNames(instance.personaGuid)).not.toContain('Side notes');
    await setChannelAccess(side, instance.personaGuid, true);
    expect(channelNames(instance.personaGuid)).toContain('Side notes');
    expect(useAccount.getState().personas.find((p) => p.guid === instance.personaGuid)?.channels).toContain(side);
    const stored = (await instance.call('GET', '/api/account/channels')).json.data.find(
      (c: { guid: string }) => c.guid === side,
    );
    expect(stored.writers).toEqual(expect.arrayContaining([instance.personaGuid, second]));

    await setChannelAccess(side, second, false);
    expect(useAccount.getState().personas.find((p) => p.guid === second)?.channels).not.toContain(side);
    expect(
      (await instance.call('GET', '/api/account/channels')).json.data.find((c: { guid: string }) => c.guid === side)
        .writers,
    ).toEqual([instance.personaGuid]);
  });

  it("puts the box back, with the instance's reason, when the instance refuses", async () => {
    // A Channel the instance does not know (removed elsewhere meanwhile).
    const ghost = { guid: '00000000-0000-4000-8000-00000000dead', name: 'Ghost', writers: [] };
    useAccount.getState().putChannel(ghost as never);
    await setChannelAccess(ghost.guid, instance.personaGuid, true);
    expect(useAccount.getState().channels.find((c) => c.guid === ghost.guid)?.writers).toEqual([]);
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual([
      expect.stringMatching(/^Could not give write access: Invalid Channel Identifier Supplied/),
    ]);
  });

  it('offers in the composer only the Channels the chosen Persona may write to, and moves a draft off one it lost', async () => {
    const draft = blankDraft({ personaGuid: second, channelGuid: side, text: 'Half written' });
    useDrafts.getState().add(draft);
    const view = render(createElement(Composer, { draftId: draft.id, onDone: () => undefined }));
    const options = () =>
      [...view.getByRole('combobox', { name: 'Channel' }).querySelectorAll('option')].map((o) => o.textContent);
    // A new Persona may write to the first Channel, Main, as well.
    expect(options()).toEqual(['Main', 'Side notes']);
    await act(async () => setChannelAccess(instance.channelGuid, second, false));
    expect(options()).toEqual(['Side notes']);

    await act(async () => setChannelAccess(side, second, false));
    expect(options()).toEqual([]);
    expect(view.getByRole('alert').textContent).toMatch(/may write to no Channel/);
    expect(useDrafts.getState().drafts[0]?.channelGuid).toBeNull();

    await act(async () => setChannelAccess(instance.channelGuid, second, true));
    expect(options()).toEqual(['Main']);
    expect(useDrafts.getState().drafts[0]?.channelGuid).toBe(instance.channelGuid);
  });
});

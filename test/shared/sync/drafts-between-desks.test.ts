import { describe, expect, it, onTestFinished } from 'vitest';
import type { DraftsAnswer } from '../../../src-shared/api/draft';
import { DRAFTS_EVERY_SECONDS } from '../../../src-shared/sync/cycle';
import { EXCHANGE_EVERY_SECONDS } from '../../../src-shared/sync/reading-places';
import { OWNER_TOKEN } from '../../support/instance';
import {
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

type Instance = ServedInstance | DesktopInstance;

/**
 * Drafts between two desks through the home instance both sync with (a real host on a loopback socket): what
 * one writes, changes or removes reaches the other, and changes made apart are both kept everywhere.
 */
describe('drafts through a remote of this project', () => {
  async function threeHosts() {
    const home = await startServedInstance('sqlite');
    onTestFinished(() => home.stop());
    const [laptop, desktop] = [await startDesktop('sqlite'), await startDesktop('sqlite')];
    onTestFinished(async () => {
      await Promise.all([laptop.close(), desktop.close()]);
    });
    const link = async (desk: DesktopInstance) => {
      const added = await desk.call('POST', '/api/sync/remotes', {
        params: { base_url: home.url, token: OWNER_TOKEN },
      });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      const remote = added.json.data.guid as string;
      return {
        persona: added.json.data.personas[0].guid as string,
        channel: added.json.data.channels[0].guid as string,
        sync: async () => {
          const synced = await desk.call('POST', `/api/sync/remotes/${remote}/sync`);
          expect(synced.status, JSON.stringify(synced.json)).toBe(200);
        },
      };
    };
    return { home, laptop, desktop, onLaptop: await link(laptop), onDesktop: await link(desktop) };
  }

  const draftsOf = async (instance: Instance) => {
    const answer = await instance.call('GET', '/api/drafts');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return (answer.json.data as DraftsAnswer).drafts;
  };
  const textsOf = async (instance: Instance) => (await draftsOf(instance)).map((d) => d.text).sort();
  const save = async (instance: Instance, draft: Record<string, string | number>) => {
    const current = (await draftsOf(instance)).find((d) => d.id === draft['id']);
    const saved = await instance.call('POST', '/api/drafts', {
      params: {
        type: 'post.note',
        privacy: 'visibility.public',
        updatedAt: Date.now(),
        ...draft,
        version: current?.version ?? 0,
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  };

  it('brings a draft written on one desk to the other, with its Persona and Channel, and its changes after', async () => {
    const { home, laptop, desktop, onLaptop, onDesktop } = await threeHosts();
    await save(laptop, {
      id: 'essay',
      type: 'post.article',
      title: 'An essay',
      text: 'Begun on the laptop',
      personaGuid: onLaptop.persona,
      channelGuid: onLaptop.channel,
    });
    // One of the laptop's own Personas, which the others do not have: the draft goes without it.
    await save(laptop, { id: 'mine', text: 'As the laptop’s own Persona', personaGuid: laptop.personaGuid });
    await onLaptop.sync();
    expect(await textsOf(home)).toEqual(['As the laptop’s own Persona', 'Begun on the laptop']);
    await onDesktop.sync();
    const there = await draftsOf(desktop);
    expect(there.map((d) => [d.id, d.type, d.title, d.personaGuid, d.channelGuid])).toEqual([
      ['mine', 'post.note', '', null, null],
      ['essay', 'post.article', 'An essay', onDesktop.persona, onDesktop.channel],
    ]);
    // Carried on at the desktop: the laptop follows, and keeps its own Persona on its own draft.
    await save(desktop, {
      id: 'essay',
      type: 'post.article',
      title: 'An essay',
      text: 'Begun on the laptop, finished at the desk',
      personaGuid: onDesktop.persona,
    });
    await save(desktop, { id: 'mine', text: 'As the laptop’s own Persona, read at the desk' });
    await onDesktop.sync();
    await onLaptop.sync();
    const back = await draftsOf(laptop);
    expect(back.map((d) => [d.id, d.text, d.personaGuid])).toEqual([
      ['mine', 'As the laptop’s own Persona, read at the desk', laptop.personaGuid],
      ['essay', 'Begun on the laptop, finished at the desk', onLaptop.persona],
    ]);
    // Nothing more to exchange: another cycle changes no version anywhere.
    const versions = async () =>
      (await Promise.all([home, laptop, desktop].map(draftsOf))).map((list) => list.map((d) => d.version));
    const settled = await versions();
    await onLaptop.sync();
    await onDesktop.sync();
    expect(await versions()).toEqual(settled);
  });

  it('keeps both texts of a draft changed on both desks while they were apart, on every desk', async () => {
    const { home, laptop, desktop, onLaptop, onDesktop } = await threeHosts();
    await save(laptop, { id: 'plan', text: 'A plan' });
    await onLaptop.sync();
    await onDesktop.sync();
    // Apart: neither syncs while both change it; the desktop's change is the later one.
    await save(laptop, { id: 'plan', text: 'A plan, changed on the train', updatedAt: Date.now() });
    await save(desktop, { id: 'plan', text: 'A plan, changed at home', updatedAt: Date.now() + 60_000 });
    await onLaptop.sync();
    await onDesktop.sync();
    await onLaptop.sync();
    const expected = ['A plan, changed at home', 'A plan, changed on the train'];
    for (const instance of [home, laptop, desktop]) {
      const list = await draftsOf(instance);
      expect(list.map((d) => d.text).sort()).toEqual(expected);
      // The later keeps the draft; the other is a copy that says so.
      expect(list.find((d) => d.id === 'plan')?.text).toBe('A plan, changed at home');
      expect(list.find((d) => d.id !== 'plan')?.copyOf).toBe('plan');
    }
  });

  it('removes a draft everywhere once one desk removes it, unless another changed it after', async () => {
    const { home, laptop, desktop, onLaptop, onDesktop } = await threeHosts();
    await save(laptop, { id: 'published', text: 'Published from the laptop' });
    await save(laptop, { id: 'kept', text: 'Deleted on the laptop' });
    await onLaptop.sync();
    await onDesktop.sync();
    expect(await textsOf(desktop)).toHaveLength(2);
    for (const id of ['published', 'kept']) {
      const version = (await draftsOf(laptop)).find((d) => d.id === id)?.version ?? 0;
      expect((await laptop.call('DELETE', `/api/drafts/${id}`, { params: { version } })).status).toBe(200);
    }
    // Meanwhile, on the desktop, more was typed into one of them.
    await save(desktop, { id: 'kept', text: 'Deleted on the laptop, but written in at the desk' });
    await onLaptop.sync();
    await onDesktop.sync();
    await onLaptop.sync();
    for (const instance of [home, laptop, desktop])
      expect(await textsOf(instance)).toEqual(['Deleted on the laptop, but written in at the desk']);
  });

  it('makes the remote due soon after a draft changes here, and asks for the remote’s every few minutes', async () => {
    const { home, laptop, desktop, onLaptop, onDesktop } = await threeHosts();
    await onLaptop.sync();
    await onDesktop.sync();
    const remote = (await laptop.db.remotes.toArray())[0]?.guid ?? '';
    expect(await laptop.engine.dueRemotes()).toEqual([]);
    await save(laptop, { id: 'typed', text: 'Typed just now' });
    // Within DRAFTS_EVERY_SECONDS of the last cycle it waits, so that typing does not run a cycle a second.
    expect(await laptop.engine.dueRemotes()).toEqual([]);
    laptop.clock.advance(DRAFTS_EVERY_SECONDS);
    expect(await laptop.engine.dueRemotes()).toEqual([remote]);
    await laptop.engine.runScheduled(remote);
    expect(await textsOf(home)).toEqual(['Typed just now']);
    laptop.clock.advance(DRAFTS_EVERY_SECONDS);
    expect(await laptop.engine.dueRemotes()).toEqual([]);
    // The desktop's polls ask for the remote's drafts now and then, not each time.
    const desktopRemote = (await desktop.db.remotes.toArray())[0]?.guid ?? '';
    desktop.clock.advance(60);
    await desktop.engine.runScheduled(desktopRemote);
    expect(await textsOf(desktop)).toEqual([]);
    desktop.clock.advance(EXCHANGE_EVERY_SECONDS);
    await desktop.engine.runScheduled(desktopRemote);
    expect(await textsOf(desktop)).toEqual(['Typed just now']);
  });

  it('publishes one draft as a Persona of the desk and one of the remote, sending the remote’s copy once', async () => {
    const { home, laptop, onLaptop } = await threeHosts();
    await save(laptop, { id: 'both', text: 'Said here and there' });
    const published = await laptop.call('POST', '/api/drafts/both/publish', {
      params: {
        content: 'Said here and there',
        post_type: 'post.note',
        destinations: `${laptop.personaGuid},${onLaptop.persona}:${onLaptop.channel}`,
        version: 1,
      },
    });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect((published.json.data as { persona: { guid: string } }[]).map((p) => p.persona.guid)).toEqual([
      laptop.personaGuid,
      onLaptop.persona,
    ]);
    await onLaptop.sync();
    await onLaptop.sync();
    // The remote's Persona's copy is there once; the desk's own stays here.
    const onHome = (await home.call('GET', '/api/posts/global')).json.data as {
      text: string;
      persona: { guid: string };
    }[];
    expect(onHome.map((p) => [p.text, p.persona.guid])).toEqual([['Said here and there', onLaptop.persona]]);
    // The draft is gone on both.
    expect(await textsOf(home)).toEqual([]);
    expect(await textsOf(laptop)).toEqual([]);
  });

  it('goes on where it stopped when the home instance could not be reached', async () => {
    const { home, laptop, onLaptop } = await threeHosts();
    await save(laptop, { id: 'first', text: 'Before the outage' });
    await onLaptop.sync();
    await home.pause();
    await save(laptop, { id: 'second', text: 'During the outage' });
    // A cycle while it is away sends nothing, and loses nothing.
    await onLaptop.sync();
    await home.resume();
    await onLaptop.sync();
    expect(await textsOf(home)).toEqual(['Before the outage', 'During the outage']);
    expect((await draftsOf(home)).map((d) => d.version)).toEqual([1, 1]);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftsAnswer, SavedDraftAnswer } from '../../src-shared/api/draft';
import { OWNER_TOKEN, startInstance, type TestInstance } from '../support/instance';

/**
 * The page's drafts and the instance's, against a real in-process service. Each test is a page that starts
 * afresh (new modules, the browser's storage kept), and can lose its connection.
 */
describe('drafts the page keeps in the instance', () => {
  let instance: TestInstance;
  let offline: boolean;

  /** The modules of a page just opened and signed in; only localStorage carries over from the page before. */
  async function openPage() {
    vi.resetModules();
    const session = await import('../../src-renderer/state/session');
    const drafts = await import('../../src-renderer/state/drafts');
    const sync = await import('../../src-renderer/state/draft-sync');
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (offline) throw new TypeError('Failed to fetch');
      return instance.service(new Request(input, init));
    };
    session.useSession.getState().connect({ baseUrl: 'http://desk.test', token: OWNER_TOKEN, fetch }, 'pasted');
    return { ...drafts, ...sync };
  }

  const onInstance = async (): Promise<DraftsAnswer['drafts']> =>
    ((await instance.call('GET', '/api/drafts')).json.data as DraftsAnswer).drafts;

  /** Another desk's save, from `version`. */
  const savedElsewhere = async (draft: { id: string; text: string; updatedAt?: number }, version: number) => {
    const result = await instance.call('POST', '/api/drafts', {
      params: {
        type: 'post.note',
        privacy: 'visibility.public',
        updatedAt: Date.now(),
        ...draft,
        version,
        writer: 'desk-b',
      },
    });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return result.json.data as SavedDraftAnswer;
  };

  beforeEach(async () => {
    localStorage.clear();
    offline = false;
    instance = await startInstance('memory');
  });
  afterEach(async () => {
    await instance.close();
  });

  it('moves the drafts an earlier release kept in the browser into the instance at the first start', async () => {
    // As that release wrote them: no `copyOf`, and nothing saying the instance has them.
    const earlier = [
      { ...(await openPage()).blankDraft({ id: 'kept-before', text: 'Typed last week' }), updatedAt: 2_000 },
      {
        ...(await openPage()).blankDraft({ id: 'older', text: 'An older one', type: 'post.article' }),
        updatedAt: 1_000,
      },
    ].map(({ copyOf: _none, ...draft }) => draft);
    localStorage.clear();
    localStorage.setItem('desk.drafts.v1', JSON.stringify(earlier));

    const page = await openPage();
    expect(page.useDrafts.getState().drafts.map((d) => d.id)).toEqual(['kept-before', 'older']);
    await page.syncDrafts(true);
    const kept = await onInstance();
    expect(kept.map((d) => [d.id, d.text, d.type, d.version])).toEqual([
      ['kept-before', 'Typed last week', 'post.note', 1],
      ['older', 'An older one', 'post.article', 1],
    ]);
    // Moved once: the next start sends nothing again.
    const next = await openPage();
    await next.syncDrafts(true);
    expect((await onInstance()).map((d) => d.version)).toEqual([1, 1]);
    expect(next.useDraftSync.getState().problem).toBeNull();
  });

  it('sends each change as the next version, and takes the changes another desk made', async () => {
    const page = await openPage();
    const draft = page.blankDraft({ text: 'First words' });
    page.useDrafts.getState().add(draft);
    await page.syncDrafts(true);
    page.useDrafts.getState().change(draft.id, { text: 'First words, and more' });
    await page.syncDrafts(false);
    expect((await onInstance()).map((d) => [d.text, d.version])).toEqual([['First words, and more', 2]]);

    await savedElsewhere({ id: draft.id, text: 'Finished on the laptop' }, 2);
    await savedElsewhere({ id: 'laptop-only', text: 'Begun on the laptop' }, 0);
    await page.syncDrafts(false);
    const texts = Object.fromEntries(page.useDrafts.getState().drafts.map((d) => [d.id, d.text]));
    expect(texts).toEqual({ [draft.id]: 'Finished on the laptop', 'laptop-only': 'Begun on the laptop' });
    // And they are in the browser's copy, for the next start offline.
    offline = true;
    const reopened = await openPage();
    expect(
      reopened.useDrafts
        .getState()
        .drafts.map((d) => d.text)
        .sort(),
    ).toEqual(['Begun on the laptop', 'Finished on the laptop']);
  });

  it('removes here what another desk removed or published, and there what was removed here', async () => {
    const page = await openPage();
    const a = page.blankDraft({ id: 'a', text: 'Published on the laptop' });
    const b = page.blankDraft({ id: 'b', text: 'Deleted here' });
    page.useDrafts.getState().add(a);
    page.useDrafts.getState().add(b);
    await page.syncDrafts(true);
    expect((await instance.call('DELETE', '/api/drafts/a', { params: { version: 1 } })).status).toBe(200);
    page.useDrafts.getState().remove('b');
    await page.syncDrafts(false);
    expect(page.useDrafts.getState().drafts).toEqual([]);
    expect(await onInstance()).toEqual([]);
  });

  it('keeps typing offline, says so, and sends it when the instance can be reached again', async () => {
    const page = await openPage();
    const draft = page.blankDraft({ text: 'Online' });
    page.useDrafts.getState().add(draft);
    await page.syncDrafts(true);
    offline = true;
    page.useDrafts.getState().change(draft.id, { text: 'Online, then on a train' });
    await page.syncDrafts(false);
    expect(page.useDraftSync.getState().problem).toMatch(/kept in this browser/);
    // The page is closed on the train and opened again at home.
    offline = false;
    const home = await openPage();
    await home.syncDrafts(true);
    expect((await onInstance()).map((d) => [d.text, d.version])).toEqual([['Online, then on a train', 2]]);
    expect(home.useDraftSync.getState().problem).toBeNull();
  });

  it('never loses text changed on two desks apart: the later keeps the draft, the other comes as a copy', async () => {
    const page = await openPage();
    const draft = page.blankDraft({ text: 'Shared start' });
    page.useDrafts.getState().add(draft);
    await page.syncDrafts(true);
    offline = true;
    page.useDrafts.getState().change(draft.id, { text: 'Changed here, offline' });
    // The laptop changed it later, from the same version.
    await savedElsewhere({ id: draft.id, text: 'Changed on the laptop', updatedAt: Date.now() + 60_000 }, 1);
    offline = false;
    await page.syncDrafts(false);
    const here = page.useDrafts.getState().drafts;
    expect(here.map((d) => [d.text, d.copyOf])).toEqual([
      ['Changed on the laptop', null],
      ['Changed here, offline', draft.id],
    ]);
    expect((await onInstance()).map((d) => d.text).sort()).toEqual(['Changed here, offline', 'Changed on the laptop']);
  });

  it('sends a draft whose Persona is gone without it, and keeps one the instance refuses with the reason', async () => {
    const page = await openPage();
    const orphan = page.blankDraft({ id: 'orphan', personaGuid: '6f0b7c1e-0000-4000-8000-00000000000a', text: 'x' });
    const huge = page.blankDraft({ id: 'huge', title: 't'.repeat(600), text: 'A title too long to publish' });
    page.useDrafts.getState().add(orphan);
    page.useDrafts.getState().add(huge);
    await page.syncDrafts(true);
    await page.syncDrafts(false);
    expect((await onInstance()).map((d) => [d.id, d.personaGuid])).toEqual([['orphan', null]]);
    expect(page.useDraftSync.getState().refused['huge']?.reason).toMatch(
      /Larger Than a Draft May Be: title must be at most 512/,
    );
    expect(
      page.useDrafts
        .getState()
        .drafts.map((d) => d.id)
        .sort(),
    ).toEqual(['huge', 'orphan']);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../src-shared/api/draft';
import { DRAFTS_KEY, GONE_KEY } from '../../src-renderer/state/drafts';

/** A fresh copy of the drafts module, as a reloaded page gets it: only localStorage carries over. */
async function reloadedDrafts() {
  vi.resetModules();
  return import('../../src-renderer/state/drafts');
}

describe('drafts', () => {
  beforeEach(() => localStorage.clear());

  it('saves every change at once, so a reload (or a crash) finds the draft as it was typed', async () => {
    const first = await reloadedDrafts();
    const draft = first.blankDraft({ personaGuid: 'persona-a', text: 'Half a thought' });
    first.useDrafts.getState().add(draft);
    first.useDrafts.getState().change(draft.id, { text: 'Half a thought, then more', tags: 'one, two' });

    const second = await reloadedDrafts();
    const [found] = second.useDrafts.getState().drafts;
    expect(found).toMatchObject({
      id: draft.id,
      personaGuid: 'persona-a',
      text: 'Half a thought, then more',
      tags: 'one, two',
    });
  });

  it('reads back what it can: an unreadable entry is left out, the others survive', async () => {
    const { blankDraft } = await reloadedDrafts();
    const good = blankDraft({ text: 'Still here' });
    localStorage.setItem(DRAFTS_KEY, JSON.stringify([{ id: 'broken', text: 42 }, good, 'nonsense']));
    const reloaded = await reloadedDrafts();
    expect(reloaded.useDrafts.getState().drafts.map((d) => d.text)).toEqual(['Still here']);
  });

  it('survives storage that is not JSON at all', async () => {
    localStorage.setItem(DRAFTS_KEY, '{not json');
    const reloaded = await reloadedDrafts();
    expect(reloaded.useDrafts.getState().drafts).toEqual([]);
  });

  it('says so when the browser refuses to store, and keeps the draft in the page', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    useDrafts.getState().add(blankDraft({ text: 'Kept in memory' }));
    setItem.mockRestore();
    expect(useDrafts.getState().saveError).toMatch(/cannot be saved/);
    expect(useDrafts.getState().drafts[0]?.text).toBe('Kept in memory');
  });

  it('lists per Persona and forgets deleted drafts', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const a = blankDraft({ personaGuid: 'a', text: 'for a' });
    const b = blankDraft({ personaGuid: 'b', text: 'for b' });
    useDrafts.getState().add(a);
    useDrafts.getState().add(b);
    useDrafts.getState().remove(a.id);
    const reloaded = await reloadedDrafts();
    expect(reloaded.useDrafts.getState().drafts.map((d) => d.personaGuid)).toEqual(['b']);
  });

  it('makes no draft when a composer opens, keeps it from the first change, and removes it when emptied again', async () => {
    const { useDrafts, blankDraft, findDraft } = await reloadedDrafts();
    const draft = blankDraft({ personaGuid: 'a' });
    useDrafts.getState().open(draft);
    expect(useDrafts.getState().drafts).toEqual([]);
    expect(localStorage.getItem(DRAFTS_KEY)).toBeNull();
    // Shown by the composer all the same.
    expect(findDraft(useDrafts.getState(), draft.id)?.id).toBe(draft.id);
    // A kind chosen alone is nothing written.
    useDrafts.getState().change(draft.id, { type: 'post.article' });
    expect(useDrafts.getState().drafts).toEqual([]);

    useDrafts.getState().change(draft.id, { text: 'H' });
    expect((await reloadedDrafts()).useDrafts.getState().drafts.map((d) => d.text)).toEqual(['H']);

    useDrafts.getState().change(draft.id, { text: '  ' });
    expect(useDrafts.getState().drafts).toEqual([]);
    expect((await reloadedDrafts()).useDrafts.getState().drafts).toEqual([]);
    // The composer still holds it, and closing it leaves nothing behind.
    expect(findDraft(useDrafts.getState(), draft.id)?.type).toBe('post.article');
    useDrafts.getState().close(draft.id);
    expect(findDraft(useDrafts.getState(), draft.id)).toBeUndefined();
  });

  it('keeps an edit once it differs from the post, and drops it when changed back', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const edit = blankDraft({ text: 'As published', tags: 'one', editing: 'post-guid' });
    useDrafts.getState().open(edit);
    expect(useDrafts.getState().drafts).toEqual([]);
    useDrafts.getState().change(edit.id, { privacy: 'visibility.private' });
    expect(useDrafts.getState().drafts.map((d) => d.privacy)).toEqual(['visibility.private']);
    useDrafts.getState().change(edit.id, { privacy: 'visibility.public' });
    expect(useDrafts.getState().drafts).toEqual([]);
  });

  it('keeps a draft reopened from the list, whatever it is changed to, until it is emptied', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const kept = blankDraft({ text: 'Kept before', editing: 'post-guid' });
    useDrafts.getState().add(kept);
    useDrafts.getState().open(kept);
    useDrafts.getState().change(kept.id, { text: 'Kept before!' });
    useDrafts.getState().change(kept.id, { text: 'Kept before' });
    expect(useDrafts.getState().drafts.map((d) => d.text)).toEqual(['Kept before']);
  });
});

describe('drafts in two tabs', () => {
  beforeEach(() => localStorage.clear());

  /** What another tab of the same page does: writes storage, and the browser tells this tab. */
  const otherTabWrites = (drafts: Draft[], gone: Record<string, number> = {}) => {
    localStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
    localStorage.setItem(GONE_KEY, JSON.stringify(gone));
    window.dispatchEvent(new StorageEvent('storage', { key: DRAFTS_KEY }));
  };

  it('shows a draft changed in another tab as it changes', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const draft = blankDraft({ text: 'Begun here' });
    useDrafts.getState().add(draft);
    otherTabWrites([{ ...draft, text: 'Begun here, finished there', updatedAt: draft.updatedAt + 1000 }]);
    expect(useDrafts.getState().drafts.map((d) => d.text)).toEqual(['Begun here, finished there']);
  });

  it('never loses a draft only the other tab has, nor its newer text, when this tab writes', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const shared = blankDraft({ text: 'Old words', updatedAt: 1000 });
    useDrafts.getState().add(shared);
    // The other tab's writes, before this tab has heard of them (no event yet).
    const theirs = blankDraft({ text: 'Only over there', updatedAt: 2000 });
    localStorage.setItem(DRAFTS_KEY, JSON.stringify([theirs, { ...shared, text: 'Newer words', updatedAt: 3000 }]));

    const mine = blankDraft({ text: 'x' });
    useDrafts.getState().open(mine);
    useDrafts.getState().change(mine.id, { text: 'Written here' });

    const stored = (await reloadedDrafts()).useDrafts.getState().drafts;
    expect(stored.map((d) => d.text).sort()).toEqual(['Newer words', 'Only over there', 'Written here']);
  });

  it('does not bring back a draft the other tab removed, unless this tab changed it afterwards', async () => {
    const { useDrafts, blankDraft } = await reloadedDrafts();
    const removed = blankDraft({ text: 'Published over there', updatedAt: 1000 });
    const revived = blankDraft({ text: 'Deleted there, then written on here', updatedAt: 1000 });
    useDrafts.getState().add(removed);
    useDrafts.getState().add(revived);
    // Removed in the other tab; this tab has not heard of it when it writes.
    localStorage.setItem(DRAFTS_KEY, '[]');
    localStorage.setItem(GONE_KEY, JSON.stringify({ [removed.id]: 2000, [revived.id]: 2000 }));
    useDrafts.getState().change(revived.id, { text: 'Deleted there, then written on here, more' });

    const stored = (await reloadedDrafts()).useDrafts.getState().drafts;
    expect(stored.map((d) => d.text)).toEqual(['Deleted there, then written on here, more']);
  });
});

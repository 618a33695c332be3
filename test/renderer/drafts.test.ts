// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFTS_KEY } from '../../src-renderer/state/drafts';

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
    expect(found).toMatchObject({ id: draft.id, personaGuid: 'persona-a', text: 'Half a thought, then more', tags: 'one, two' });
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
});

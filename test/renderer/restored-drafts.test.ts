// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepRestoredDrafts } from '../../src-shared/store/restored-drafts';
import { blankDraft, readDrafts, useDrafts } from '../../src-renderer/state/drafts';
import { takeRestoredDrafts } from '../../src-renderer/state/restored-drafts';
import type { TestInstance } from '../support/instance';
import { connectedInstance } from './support';

/** The page takes the drafts a restore brought back at its start, into its own storage. */
describe('drafts brought back by a restore', () => {
  let instance: TestInstance;

  beforeEach(async () => {
    localStorage.clear();
    useDrafts.setState({ drafts: [], unsaved: {}, opened: {}, saveError: null });
    instance = await connectedInstance();
  });
  afterEach(async () => {
    await instance.close();
  });

  it('join the page’s drafts, never over a newer one of the same id, and are then cleared on the instance', async () => {
    const newerHere = blankDraft({ id: 'both', text: 'Changed here since the export', updatedAt: 2_000 });
    const olderHere = blankDraft({ id: 'older-here', text: 'As it was here', updatedAt: 1_000 });
    useDrafts.getState().add(newerHere);
    useDrafts.getState().add(olderHere);
    await keepRestoredDrafts(instance.db, [
      blankDraft({ id: 'both', text: 'As exported', updatedAt: 1_500 }),
      blankDraft({ id: 'older-here', text: 'Changed before the export', updatedAt: 1_800 }),
      blankDraft({ id: 'only-there', text: 'Only in the archive', updatedAt: 1_200 }),
    ]);

    await takeRestoredDrafts();

    const texts = Object.fromEntries(readDrafts().map((d) => [d.id, d.text]));
    expect(texts).toEqual({
      both: 'Changed here since the export',
      'older-here': 'Changed before the export',
      'only-there': 'Only in the archive',
    });
    expect(useDrafts.getState().drafts.map((d) => d.id)).toEqual(['both', 'older-here', 'only-there']);
    expect((await instance.call('GET', '/api/account/restored-drafts')).json.data).toEqual([]);
  });

  it('a draft removed here after its last change stays removed', async () => {
    const draft = blankDraft({ id: 'gone', text: 'Deleted here', updatedAt: 1_000 });
    useDrafts.getState().add(draft);
    useDrafts.getState().remove('gone');
    await keepRestoredDrafts(instance.db, [{ ...draft }]);
    await takeRestoredDrafts();
    expect(readDrafts()).toEqual([]);
  });

  it('stay on the instance when this browser cannot store them', async () => {
    await keepRestoredDrafts(instance.db, [blankDraft({ id: 'waiting', text: 'Not yet here' })]);
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      await takeRestoredDrafts();
    } finally {
      setItem.mockRestore();
    }
    expect(useDrafts.getState().saveError).toMatch(/cannot be saved/);
    expect((await instance.call('GET', '/api/account/restored-drafts')).json.data).toMatchObject([
      { id: 'waiting', text: 'Not yet here' },
    ]);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deletePost, installPendingDeletes, UNDO_MS } from '../../src-renderer/state/post-delete';
import { usePosts } from '../../src-renderer/state/posts';
import { ALL_TYPES, type TimelineSpec } from '../../src-renderer/state/timeline-spec';
import { openTimeline } from '../../src-renderer/state/timeline-posts';
import { useTimelines } from '../../src-renderer/state/timelines';
import { useToasts } from '../../src-renderer/state/toasts';
import type { TestInstance } from '../support/instance';
import { connectedInstance } from './support';

const KEY = 'desk.pending-deletes.v1';

/** A deletion is done once asked, even by a page that went away within its undo time, or visibly not done. */
describe('deleting a post', () => {
  let instance: TestInstance;
  let uninstall: () => void = () => undefined;
  beforeEach(async () => {
    localStorage.clear();
    instance = await connectedInstance();
    usePosts.setState({ byGuid: {} });
    useTimelines.setState({ byKey: {}, places: {} });
    useToasts.setState({ toasts: [] });
  });
  afterEach(async () => {
    uninstall();
    vi.useRealTimers();
    await instance.close();
  });

  const write = async (content: string): Promise<string> =>
    (await instance.call('POST', '/api/posts/write', { params: { content, post_type: 'post.note' } })).json.data[0]
      .guid;
  const exists = async (guid: string) => (await instance.call('GET', `/api/posts/${guid}`)).status === 200;
  const home = async () => {
    const spec: TimelineSpec = { kind: 'home', persona: instance.personaGuid, types: ALL_TYPES };
    const key = openTimeline(spec);
    await vi.waitFor(() => expect(useTimelines.getState().byKey[key]?.status).toBe('ready'));
    return () => useTimelines.getState().byKey[key]?.guids ?? [];
  };

  it('finishes at the next load a deletion the last page left, and hides the post until then', async () => {
    const kept = await write('kept');
    const doomed = await write('deleted by a page that went away');
    // The last page deleted it a moment ago and was reloaded before its undo time was over.
    localStorage.setItem(KEY, JSON.stringify({ [doomed]: Date.now() - 1000 }));
    uninstall = installPendingDeletes();
    const guids = await home();
    expect(guids()).toEqual([kept]);
    expect(await exists(doomed)).toBe(true);
    await vi.waitFor(async () => expect(await exists(doomed)).toBe(false), { timeout: UNDO_MS + 2000, interval: 200 });
    expect(localStorage.getItem(KEY)).toBe('{}');
    expect(guids()).toEqual([kept]);
  }, 15_000);

  it('counts a post already gone as deleted (the DELETE sent as the page went away arrived)', async () => {
    const gone = await write('gone already');
    await instance.call('DELETE', `/api/posts/${gone}`);
    localStorage.setItem(KEY, JSON.stringify({ [gone]: 0 }));
    uninstall = installPendingDeletes();
    await vi.waitFor(() => expect(localStorage.getItem(KEY)).toBe('{}'));
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('writes the deletion down before the undo time, and Undo takes it off', async () => {
    const guid = await write('nearly deleted');
    const guids = await home();
    const post = usePosts.getState().byGuid[guid];
    if (!post) throw new Error('the timeline did not hold the post');
    deletePost(post);
    expect(guids()).toEqual([]);
    expect(Object.keys(JSON.parse(localStorage.getItem(KEY) ?? '{}'))).toEqual([guid]);
    const [toast] = useToasts.getState().toasts;
    expect(toast?.text).toBe('Post deleted.');
    toast?.action?.run();
    expect(guids()).toEqual([guid]);
    expect(localStorage.getItem(KEY)).toBe('{}');
  });
});

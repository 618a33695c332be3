// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installKeyboard } from '../../src-renderer/app/keyboard';
import ThreadScreen from '../../src-renderer/screens/ThreadScreen';
import { useAccount } from '../../src-renderer/state/account';
import { clients } from '../../src-renderer/state/session';
import { usePosts } from '../../src-renderer/state/posts';
import { useUi } from '../../src-renderer/state/ui';
import type { TestInstance } from '../support/instance';
import { actSettled, connectedInstance } from './support';

const VIEWPORT = 800;

/** happy-dom lays nothing out: the conversation's scroller is given a window's height, each row 160 px. */
function giveLayout() {
  const height = (el: HTMLElement) => (el.classList.contains('thread-scroller') ? VIEWPORT : 160);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const h = height(this);
    return { x: 0, y: 0, top: 0, left: 0, bottom: h, right: 800, width: 800, height: h, toJSON: () => ({}) };
  });
  for (const name of ['offsetHeight', 'clientHeight'] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
      return height(this);
    });
  }
  for (const name of ['offsetWidth', 'clientWidth'] as const)
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(800);
  // The virtualiser scrolls no further than the content is high.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(10_000_000);
}

const press = (key: string) =>
  actSettled(() => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
/** The conversation is on screen and its posts are the list the keys move through. */
const shown = (count: number) =>
  waitFor(() => expect(useUi.getState().thread?.guids).toHaveLength(count), { timeout: 5000 });

describe('a conversation on screen', () => {
  let instance: TestInstance;
  let removeKeys: () => void;
  beforeEach(async () => {
    localStorage.clear();
    giveLayout();
    instance = await connectedInstance();
    usePosts.setState({ byGuid: {} });
    useUi.setState({ thread: null, selected: -1, composing: null, helpOpen: false });
    await useAccount.getState().load();
    removeKeys = installKeyboard(window);
  });
  afterEach(async () => {
    removeKeys();
    cleanup();
    vi.restoreAllMocks();
    await instance.close();
  });

  const write = async (content: string, replyTo?: string): Promise<string> => {
    const answer = await instance.call('POST', '/api/posts/write', {
      params: { content, post_type: 'post.note', ...(replyTo ? { reply_to: replyTo } : {}) },
    });
    return answer.json.data[0].guid as string;
  };

  it('keeps a bounded number of rows in the page for a long conversation, the opened post among them', async () => {
    const root = await write('The start of a long conversation');
    const replies: string[] = [];
    // A second apart, so that the conversation's order (by publication) is the order they were written in:
    // within one second it falls to their random GUIDs, and reply 300 could land among the first rows.
    for (let i = 0; i < 400; i++) {
      instance.clock.advance(1);
      replies.push(await write(`Reply number ${i}`, root));
    }
    const opened = replies[300] ?? '';
    const view = render(createElement(ThreadScreen, { guid: opened }));
    await waitFor(() => view.getByRole('list', { name: 'Conversation' }), { timeout: 5000 });
    await shown(401);
    // The opened post is scrolled to; happy-dom moves the scroller without telling: the scroll event a browser would send.
    const scroller = view.container.querySelector('.thread-scroller');
    await waitFor(() => expect(scroller?.scrollTop).toBeGreaterThan(0));
    await actSettled(() => scroller?.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(view.container.querySelector('article[aria-current="true"]')).not.toBeNull());
    const rows = view.container.querySelectorAll('li.thread-item');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    expect(view.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('401 posts');
    const current = view.container.querySelector('article[aria-current="true"]');
    expect(current?.textContent).toContain('Reply number 300');
    expect(useUi.getState().thread?.guids).toHaveLength(401);
    expect(useUi.getState().selected).toBe(useUi.getState().thread?.guids.indexOf(opened));
    expect(useUi.getState().selected).toBeGreaterThan(20);
  });

  it('says so when the post was deleted where it was published', async () => {
    const root = await write('Deleted on its remote meanwhile');
    // What the desk answers once the remote no longer serves the post (test/shared/sync/conflicts.test.ts).
    vi.spyOn(clients().desk, 'refreshPost').mockResolvedValue({ post_guid: root, gone: true, stored: 0 });
    const view = render(createElement(ThreadScreen, { guid: root }));
    await waitFor(() => expect(view.getByRole('alert').textContent).toContain('deleted where it was published'));
    expect(view.queryByRole('list', { name: 'Conversation' })).toBeNull();
  });

  it('moves with j and k, stars with s, pins with p, and replies in place with r', async () => {
    const root = await write('Root of a short conversation');
    await write('First answer', root);
    await write('Second answer', root);
    const view = render(createElement(ThreadScreen, { guid: root }));
    await waitFor(() => view.getByRole('list', { name: 'Conversation' }));
    await shown(3);
    expect(useUi.getState().selected).toBe(0);
    // Answers of the same second come in GUID order: the test reads which one is second in the list.
    const next = useUi.getState().thread?.guids[1] ?? '';
    const nextText = usePosts.getState().byGuid[next]?.text ?? '';

    await press('j');
    expect(useUi.getState().selected).toBe(1);
    await waitFor(() => expect(document.activeElement?.textContent).toContain(nextText));
    await press('j');
    await press('j');
    expect(useUi.getState().selected).toBe(2);
    await press('k');
    expect(useUi.getState().selected).toBe(1);

    await press('s');
    await waitFor(() => expect(usePosts.getState().byGuid[next]?.starred).toBe(true));
    await press('p');
    await waitFor(() => expect(usePosts.getState().byGuid[next]?.pin).toBe('pin.orange'));
    const stored = (await instance.call('GET', `/api/posts/${next}`)).json.data[0];
    expect(stored.attributes).toMatchObject({ starred: true, pin: 'pin.orange' });

    await press('r');
    const reply = await waitFor(() => view.getByRole('form', { name: 'Reply' }));
    expect(reply.closest('li')?.textContent).toContain(nextText);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../src-renderer/api/saved-session';
import { keepFirstScreen } from '../../src-renderer/first-screen/keep';
import { paintFirstScreen } from '../../src-renderer/first-screen/paint';
import {
  FIRST_SCREEN_KEY,
  MAX_FIRST_SCREEN_AGE_MS,
  pageSession,
  readStoredScreen,
  type StoredScreen,
} from '../../src-renderer/first-screen/stored-screen';
import { layoutNow } from '../../src-renderer/util/layouts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const SESSION = JSON.stringify({ token: 'a-token-of-the-test', source: 'pasted' });

/** A shell as the page draws it: a sidebar, a feed of rows each at the height of 200 px, and passing things. */
function drawShell(rows: number, scrollTop = 0): HTMLElement {
  document.body.innerHTML = `<div id="root"><div class="shell">
    <a class="skip-link" href="#content">Skip to content</a>
    <aside class="sidebar"><input type="search" value="what I searched"></aside>
    <main id="content"><h1 id="screen-title">Everything</h1>
      <div class="fresh-holder"><button>2 new posts above</button></div>
      <div class="timeline-scroller" role="feed" aria-label="Everything" tabindex="-1">
        <div class="timeline-inner" style="height: ${rows * 200}px">
          ${Array.from({ length: rows }, (_, i) => `<article data-index="${i}" class="timeline-row${i === 1 ? ' selected' : ''}" style="transform: translateY(${i * 200}px)" tabindex="${i === 0 ? 0 : -1}" aria-labelledby="screen-title"><p class="post-content">Post ${i}</p><time class="relative-time" datetime="2026-11-27T09:00:00.000Z">2 sec. ago</time></article>`).join('')}
        </div>
      </div>
    </main>
    <dialog open><textarea>a draft being typed</textarea></dialog>
    <div class="toasts" role="status">Post deleted</div>
  </div></div>`;
  const feed = document.querySelector<HTMLElement>('[role="feed"]');
  if (feed === null) throw new Error('no feed drawn');
  // happy-dom lays nothing out: the feed is 700 px high at the top of the window, each row where its transform puts it.
  Object.defineProperty(feed, 'clientHeight', { value: 700 });
  feed.scrollTop = scrollTop;
  feed.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 800, height: 700 });
  for (const row of feed.querySelectorAll<HTMLElement>('[data-index]')) {
    const index = Number(row.dataset['index']);
    row.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: 100 + index * 200 - scrollTop, width: 800, height: 200 });
  }
  return feed;
}

function keptScreen(): StoredScreen {
  const screen = readStoredScreen(localStorage);
  if (screen === null) throw new Error('no screen kept');
  return screen;
}

describe('the screen kept for the next load', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('desk.session.v1', SESSION);
    history.replaceState(null, '', '/everything');
  });
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset['theme'];
  });

  it('keeps the shell with the rows in view, without ids, styles, dialogs, messages or what was typed', () => {
    drawShell(10);
    keepFirstScreen(localStorage, NOW);
    const screen = keptScreen();
    expect(screen).toMatchObject({
      path: '/everything',
      session: pageSession(localStorage),
      layout: layoutNow(),
      at: NOW,
    });
    const copy = document.createElement('div');
    copy.innerHTML = screen.html;
    // The feed is 700 px high: rows 0 to 3 begin inside it.
    expect([...copy.querySelectorAll('article')].map((row) => row.textContent.slice(0, 6))).toEqual([
      'Post 0',
      'Post 1',
      'Post 2',
      'Post 3',
    ]);
    expect(copy.querySelector('[style], [id], [tabindex], [aria-labelledby], .selected')).toBeNull();
    expect(copy.querySelector('dialog, .toasts, .fresh-holder, .skip-link')).toBeNull();
    expect(screen.html).not.toContain('a draft being typed');
    expect(screen.html).not.toContain('what I searched');
  });

  it('leaves the kept screen as it was when the timeline is scrolled down or is not at its first post', () => {
    localStorage.setItem(FIRST_SCREEN_KEY, 'before');
    drawShell(10, 600);
    keepFirstScreen(localStorage, NOW);
    expect(localStorage.getItem(FIRST_SCREEN_KEY)).toBe('before');
    drawShell(10);
    document.querySelector('[data-index="0"]')?.remove();
    keepFirstScreen(localStorage, NOW);
    expect(localStorage.getItem(FIRST_SCREEN_KEY)).toBe('before');
  });

  it('keeps nothing for a page that is not signed in', () => {
    localStorage.removeItem('desk.session.v1');
    drawShell(3);
    keepFirstScreen(localStorage, NOW);
    expect(localStorage.getItem(FIRST_SCREEN_KEY)).toBeNull();
  });

  it('is painted inert, in the chosen colours, above the page', () => {
    drawShell(3);
    keepFirstScreen(localStorage, NOW);
    document.body.innerHTML = '<div id="root"></div>';
    localStorage.setItem('desk.theme.v1', 'dark');
    expect(paintFirstScreen(localStorage, NOW)).toBe(true);
    const painted = document.getElementById('first-screen');
    if (painted === null) throw new Error('nothing painted');
    expect(painted.inert).toBe(true);
    expect(painted.getAttribute('aria-hidden')).toBe('true');
    expect(painted.querySelectorAll('article')).toHaveLength(3);
    expect(document.documentElement.dataset['theme']).toBe('dark');
    // Above the page, which is drawn beneath it.
    expect(document.body.firstElementChild).toBe(painted);
  });

  it('is painted only at the same address, to the same session, in a window laid out alike, and while recent', () => {
    drawShell(3);
    keepFirstScreen(localStorage, NOW);
    const kept = keptScreen();
    const paintsWith = (screen: StoredScreen, at = NOW): boolean => {
      document.body.innerHTML = '<div id="root"></div>';
      localStorage.setItem(FIRST_SCREEN_KEY, JSON.stringify(screen));
      return paintFirstScreen(localStorage, at);
    };
    expect(paintsWith(kept)).toBe(true);
    expect(paintsWith({ ...kept, path: '/mentions' })).toBe(false);
    expect(paintsWith({ ...kept, session: 'another' })).toBe(false);
    expect(paintsWith({ ...kept, layout: kept.layout === 'phone' ? 'wide' : 'phone' })).toBe(false);
    expect(paintsWith(kept, NOW + MAX_FIRST_SCREEN_AGE_MS)).toBe(false);
    // Kept "tomorrow" by this clock: the clock was put back, and the screen's age cannot be known.
    expect(paintsWith(kept, NOW - 24 * 3600 * 1000)).toBe(false);
  });

  it('passes over what is not a kept screen, and is forgotten with the sign-in', () => {
    for (const stored of ['{', '7', '{"path": "/everything", "html": 7}', 'x'.repeat(500_000)]) {
      localStorage.setItem(FIRST_SCREEN_KEY, stored);
      expect(readStoredScreen(localStorage)).toBeNull();
      expect(paintFirstScreen(localStorage, NOW)).toBe(false);
    }
    drawShell(3);
    keepFirstScreen(localStorage, NOW);
    saveSession(null);
    expect(localStorage.getItem(FIRST_SCREEN_KEY)).toBeNull();
    drawShell(3);
    keepFirstScreen(localStorage, NOW);
    saveSession({ token: 'another-token', source: 'login' });
    expect(localStorage.getItem(FIRST_SCREEN_KEY)).toBeNull();
  });
});

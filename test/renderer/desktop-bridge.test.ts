// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge, DeskCommand } from '../../src-main/desktop/bridge-types';
import { deskBridge } from '../../src-renderer/api/bridge';
import { pageConnection } from '../../src-renderer/api/clients';
import { installBridge } from '../../src-renderer/app/desktop';
import { useAccount } from '../../src-renderer/state/account';
import { useRoute } from '../../src-renderer/state/route';
import { useUi } from '../../src-renderer/state/ui';

/** A stand-in for the preload's `window.desk` that lets the test send menu commands. */
function fakeBridge() {
  let listener: ((command: DeskCommand) => void) | null = null;
  const bridge: DeskBridge = {
    getSettings: vi.fn(),
    updateSettings: vi.fn(),
    syncNow: vi.fn(() => Promise.resolve()),
    getAppInfo: vi.fn(),
    restart: vi.fn(() => Promise.resolve()),
    onCommand: (l) => {
      listener = l;
      return () => (listener = null);
    },
  };
  return { bridge, send: (command: unknown) => listener?.(command as DeskCommand), listening: () => listener !== null };
}

describe('the desktop window', () => {
  beforeEach(() => {
    localStorage.clear();
    const at = {
      created_at: '2027-01-15T08:00:00Z',
      created_unix: 1_800_000_000,
      updated_at: '2027-01-15T08:00:00Z',
      updated_unix: 1_800_000_000,
    };
    const persona = (guid: string, as: string) => ({
      guid,
      as,
      name: as,
      avatar_url: '',
      site_url: '',
      timezone: '',
      profile_url: '',
      channels: [],
      ...at,
    });
    useAccount.setState({ personas: [persona('p1', 'one'), persona('p2', 'two')], currentGuid: 'p1' });
    useUi.setState({ composing: null });
  });
  afterEach(() => {
    delete (globalThis as { desk?: unknown }).desk;
  });

  it('finds the bridge only when the preload put one there', () => {
    expect(deskBridge()).toBeNull();
    (globalThis as { desk?: unknown }).desk = { onCommand: 'not a function' };
    expect(deskBridge()).toBeNull();
    const { bridge } = fakeBridge();
    (globalThis as { desk?: unknown }).desk = bridge;
    expect(deskBridge()).toBe(bridge);
  });

  it('answers the menu: new post, switch Persona, preferences, mentions; ignores what it does not know', () => {
    const { bridge, send, listening } = fakeBridge();
    (globalThis as { desk?: unknown }).desk = bridge;
    const stop = installBridge();
    send({ command: 'switch-persona', position: 2 });
    expect(useAccount.getState().currentGuid).toBe('p2');
    send({ command: 'new-post' });
    expect(useUi.getState().composing).not.toBeNull();
    send({ command: 'preferences' });
    expect(useRoute.getState().route).toEqual({ screen: 'settings' });
    send({ command: 'show-mentions' });
    expect(useRoute.getState().route).toEqual({ screen: 'timeline', kind: 'mentions' });
    send({ command: 'switch-persona', position: 'all' });
    send({ command: 'format-disk' });
    expect(useAccount.getState().currentGuid).toBe('p2');
    stop();
    expect(listening()).toBe(false);
  });

  it("reaches the instance on the page's own origin, also when that is not http (desk://app)", async () => {
    expect(pageConnection('t').baseUrl).toBe(location.origin);
    const realLocation = globalThis.location;
    const fetched: string[] = [];
    vi.stubGlobal('location', { origin: 'null', protocol: 'desk:', host: 'app' });
    // pageConnection forwards a body as its text, or null for a GET.
    vi.stubGlobal('fetch', (url: string, init: { method: string; body: string | null }) => {
      fetched.push(`${init.method} ${url} ${String(init.body)}`);
      return Promise.resolve(new Response('{}'));
    });
    try {
      const connection = pageConnection(null);
      expect(connection.token).toBeNull();
      await connection.fetch?.(`${connection.baseUrl}/api/posts/global?count=3`, { method: 'GET' });
      await connection.fetch?.(`${connection.baseUrl}/api/posts/write`, { method: 'POST', body: '{"content":"x"}' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(globalThis.location).toBe(realLocation);
    expect(fetched).toEqual([
      'GET desk://app/api/posts/global?count=3 null',
      'POST desk://app/api/posts/write {"content":"x"}',
    ]);
  });
});

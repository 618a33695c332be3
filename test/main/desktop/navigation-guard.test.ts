import { EventEmitter } from 'node:events';
import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { guardNavigation, type GuardedContents } from '../../../src-main/desktop/navigation-guard';
import { guardSession, type GuardedSession } from '../../../src-main/desktop/session-guard';
import { secureWebPreferences } from '../../../src-main/desktop/web-preferences';

/** A WebContents as far as the guards go: events, and the window-open handler they install. */
class FakeContents extends EventEmitter implements GuardedContents {
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }

  /** Emits a navigation the way Electron does and says whether a listener cancelled it. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.emit(event, {
      url,
      isSameDocument: false,
      isMainFrame: true,
      frame: null,
      preventDefault: () => (prevented = true),
    });
    return prevented;
  }

  open(url: string): WindowOpenHandlerResponse | undefined {
    return this.openHandler?.({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: '', policy: 'default' },
    });
  }
}

function guarded() {
  const contents = new FakeContents();
  const openExternal = vi.fn((_url: string) => Promise.resolve());
  guardNavigation(contents, {
    openExternal,
    childWindowOptions: () => ({ webPreferences: secureWebPreferences('/preload.cjs') }),
  });
  return { contents, openExternal };
}

const FOREIGN = [
  'https://evil.example/',
  'http://127.0.0.1:8788/api/account/me',
  'file:///etc/passwd',
  'desk://elsewhere/',
  'desk://user:pass@app/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'chrome://settings',
  'not a url',
];

describe('the navigation guard', () => {
  it("lets the window move between the app's own pages", () => {
    const { contents, openExternal } = guarded();
    for (const url of ['desk://app/', 'desk://app/timeline/home?x=1', 'desk://app/posts/abc#reply']) {
      expect(contents.navigate('will-navigate', url), url).toBe(false);
      expect(contents.navigate('will-redirect', url), url).toBe(false);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('cancels navigation and redirects to anything else', () => {
    const { contents } = guarded();
    for (const url of FOREIGN) {
      expect(contents.navigate('will-navigate', url), url).toBe(true);
      expect(contents.navigate('will-redirect', url), url).toBe(true);
    }
  });

  it("opens a clicked web or mail link in the system's browser instead, and nothing else", () => {
    const { contents, openExternal } = guarded();
    contents.navigate('will-navigate', 'https://example.org/post/1');
    contents.navigate('will-navigate', 'mailto:someone@example.org');
    contents.navigate('will-navigate', 'file:///etc/passwd');
    contents.navigate('will-navigate', 'javascript:alert(1)');
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://example.org/post/1',
      'mailto:someone@example.org',
    ]);
  });

  it('denies window.open for every foreign URL, sending web links to the browser', () => {
    const { contents, openExternal } = guarded();
    for (const url of FOREIGN) expect(contents.open(url), url).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://evil.example/',
      'http://127.0.0.1:8788/api/account/me',
    ]);
  });

  it('allows a window on an app page only with the hardened web preferences, and guards it too', () => {
    const { contents, openExternal } = guarded();
    const answer = contents.open('desk://app/posts/abc');
    expect(answer?.action).toBe('allow');
    expect(answer?.overrideBrowserWindowOptions?.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    const child = new FakeContents();
    contents.emit('did-create-window', { webContents: child });
    expect(child.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(child.open('https://example.org/')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://example.org/');
  });

  it('never attaches a <webview>', () => {
    const { contents } = guarded();
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });
});

describe('the web preferences of every window', () => {
  it('follow the security checklist', () => {
    expect(secureWebPreferences('/out/preload/index.cjs')).toMatchObject({
      preload: '/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('the session guard', () => {
  function guardedSession() {
    let onRequest: Parameters<GuardedSession['setPermissionRequestHandler']>[0] | undefined;
    let onCheck: Parameters<GuardedSession['setPermissionCheckHandler']>[0] | undefined;
    const downloads = new EventEmitter();
    const session: GuardedSession = {
      setPermissionRequestHandler: (handler) => void (onRequest = handler),
      setPermissionCheckHandler: (handler) => void (onCheck = handler),
      on: (event, listener) => downloads.on(event, listener),
    };
    guardSession(session);
    const request = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      onRequest?.(undefined, permission, (answer) => (granted = answer), { requestingUrl });
      return granted;
    };
    const check = (permission: string, origin: string) => onCheck?.(undefined, permission, origin);
    return { request, check, downloads };
  }

  it('denies the page every permission but clipboard writing and full screen, and those only to the app', () => {
    const { request, check } = guardedSession();
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'openExternal',
      'clipboard-read',
      'display-capture',
    ]) {
      expect(request(permission, 'desk://app/'), permission).toBe(false);
      expect(check(permission, 'desk://app'), permission).toBe(false);
    }
    expect(request('clipboard-sanitized-write', 'desk://app/')).toBe(true);
    expect(check('fullscreen', 'desk://app')).toBe(true);
    expect(request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
  });

  it('cancels downloads', () => {
    const { downloads } = guardedSession();
    let prevented = false;
    downloads.emit('will-download', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });
});

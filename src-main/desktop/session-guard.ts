import { isAppUrl } from './app-scheme';

/** The few web permissions the app's own pages may use: writing to the clipboard, and full screen. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write', 'fullscreen']);

export function permissionAllowed(permission: string, requestingUrl: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

/** Session as far as the guard uses it (Electron's Session has these). */
export interface GuardedSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
  on(event: 'will-download', listener: (event: { preventDefault(): void }) => void): unknown;
}

/**
 * No camera, microphone, location, notifications from the page (the main process notifies), and no
 * downloads: nothing the interface needs, and each would be a way out of the sandbox's reach.
 */
export function guardSession(session: GuardedSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin),
  );
  session.on('will-download', (event) => event.preventDefault());
}

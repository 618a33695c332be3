import { z } from 'zod';
import { isAppUrl } from './app-scheme';
import type { AppInfo } from './bridge-types';
import { IpcChannel } from './ipc-channels';
import { settingsPatchSchema, type Settings, type SettingsPatch } from './settings-schema';

/** The parts of an invoke event that say who sent it (Electron's IpcMainInvokeEvent has them). */
export interface InvokeEvent {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** ipcMain, as far as registering handlers goes. */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

export interface IpcHandlers {
  getSettings(): Settings;
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  syncNow(): Promise<void>;
  getAppInfo(): AppInfo;
  restart(): void;
}

/**
 * A refused call: the renderer's promise rejects with this message. It names the channel and the reason
 * only, never the arguments, which may be a person's settings.
 */
export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError';
}

/**
 * Only the top frame of one of the app's own pages may call: a frame that has navigated away, an embedded
 * frame or any other page (which the navigation guards should already have kept out) is refused.
 */
export function isTrustedSender(event: InvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/** Registers the renderer's IPC calls: each checks its sender, then parses its arguments with zod. */
export function registerIpc(ipc: IpcRegistrar, handlers: IpcHandlers): void {
  const route = <A extends unknown[]>(channel: string, schema: z.ZodType<A>, run: (...args: A) => unknown) => {
    ipc.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event))
        throw new IpcRefusedError(`${channel}: refused, the caller is not the app's own page`);
      const parsed = schema.safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new IpcRefusedError(
          `${channel}: invalid arguments (${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'})`,
        );
      }
      return run(...parsed.data);
    });
  };
  route(IpcChannel.getSettings, z.tuple([]), () => handlers.getSettings());
  route(IpcChannel.updateSettings, z.tuple([settingsPatchSchema]), (patch) => handlers.updateSettings(patch));
  route(IpcChannel.syncNow, z.tuple([]), () => handlers.syncNow());
  route(IpcChannel.getAppInfo, z.tuple([]), () => handlers.getAppInfo());
  route(IpcChannel.restart, z.tuple([]), () => handlers.restart());
}

import fs from 'node:fs';
import { lockStore, type HeldLock } from '../store/folder-lock';
import { resolveOwnerToken } from '../store/owner-token';
import { openInstance, type Instance, type InstanceLog, type InstanceOptions } from '../instance/instance';
import type { SecretBox } from './secret-box';

export interface LocalInstance extends Instance {
  /** The owner's API token; it stays in the main process (see app-handler.ts). */
  ownerToken: string;
}

export interface LocalInstanceOptions extends Pick<InstanceOptions, 'onNewMentions' | 'onUnsentCount' | 'work'> {
  /** The app's user-data folder. */
  dataDir: string;
  /** Seals remote tokens with the system keychain (secret-box.ts). */
  secrets: SecretBox;
}

/** The app's problems go to its standard error as they are. */
const APP_LOG: InstanceLog = {
  problem: (what, error) => console.error(`${what}:`, error),
  line: (text) => console.error(text),
};

/**
 * The local instance (instance.ts), laid out in the user-data folder exactly as the headless host lays out
 * its --data folder (`db/`, `owner-token`, the lock file), so `npm run serve -- --data <that folder>` can
 * serve the same store while the app is closed, and refuses to while it is open.
 */
export async function openLocalInstance(options: LocalInstanceOptions): Promise<LocalInstance> {
  const { dataDir, secrets, ...rest } = options;
  // Private, and there before the owner token is kept in it.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { token } = resolveOwnerToken(dataDir);
  const instance = await openInstance({
    ...rest,
    dataDir,
    token,
    restart: 'app',
    lock: (lockPath) => lockFolder(dataDir, lockPath),
    secretBox: () => secrets,
    log: APP_LOG,
  });
  return { ...instance, ownerToken: token };
}

/** The headless host's lock, with a message for a person who started the app rather than a host. */
function lockFolder(dataDir: string, lockPath: string): HeldLock {
  try {
    return lockStore(lockPath);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Another program is using the data in ${dataDir}, probably a headless instance started with ` +
        `npm run serve -- --data on that folder. Stop it, then start Publishing Desk again. (${reason})`,
      { cause: error },
    );
  }
}

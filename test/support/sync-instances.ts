import { createHttpHost } from '../../src-main/host/http';
import { createSyncEngine, type SyncEngine } from '../../src-shared/sync/engine';
import { plainSecretBox } from '../../src-shared/sync/secret-box';
import { OWNER_TOKEN, startInstance, type Backend, type TestInstance } from './instance';

/** An instance served over a real HTTP socket on loopback: the remote that others sync with. */
export interface ServedInstance extends TestInstance {
  url: string;
  /** Stops answering on the socket (the store stays): the remote is down. */
  pause(): Promise<void>;
  /** Answers again at the same URL. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startServedInstance(backend: Backend, password?: string): Promise<ServedInstance> {
  const instance = await startInstance(backend, password);
  const serve = () =>
    createHttpHost({ service: instance.service, site: () => Promise.resolve(new Response('site')), lingerMs: 0 });
  let host: ReturnType<typeof serve> | null = serve();
  const { port } = await host.listen(0, '127.0.0.1');
  return {
    ...instance,
    url: `http://127.0.0.1:${port}`,
    pause: async () => {
      await host?.close();
      host = null;
    },
    resume: async () => {
      host = serve();
      await host.listen(port, '127.0.0.1');
    },
    stop: async () => {
      await host?.close();
      await instance.close();
    },
  };
}

/** A desktop: an instance whose service runs a sync engine on the same store and clock. */
export interface DesktopInstance extends TestInstance {
  engine: SyncEngine;
}

export async function startDesktop(
  backend: Backend,
  fetchImpl?: typeof globalThis.fetch,
  onNewMentions?: (count: number) => void,
): Promise<DesktopInstance> {
  let engine: SyncEngine | undefined;
  const instance = await startInstance(backend, undefined, {
    sync: (db, clock) => {
      engine = createSyncEngine({
        db,
        box: plainSecretBox,
        now: () => Math.floor(clock.now() / 1000),
        timeoutMs: 2_000,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        ...(onNewMentions ? { onNewMentions } : {}),
      });
      return engine;
    },
  });
  if (!engine) throw new Error('the sync engine was not built');
  return { ...instance, engine };
}

/** Adds `remote` to `desktop` with the remote owner's token; answers the remote's status. */
export async function addRemote(desktop: TestInstance, remote: ServedInstance) {
  const added = await desktop.call('POST', '/api/sync/remotes', {
    params: { base_url: remote.url, token: OWNER_TOKEN },
  });
  if (added.status !== 200) throw new Error(`adding the remote failed: ${JSON.stringify(added.json)}`);
  return added.json.data as { guid: string; personas: { guid: string; as: string }[]; channels: { guid: string }[] };
}

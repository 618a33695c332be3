import type { Service } from '../../src-shared/service';
import type { SyncEngine } from '../../src-shared/sync/engine';
import { percentiles } from './measure';

/** A fetch that counts its requests, for the sync figures. */
export function countingFetch(): { fetch: typeof globalThis.fetch; take(): number } {
  let requests = 0;
  return {
    fetch: (input, init) => {
      requests += 1;
      return globalThis.fetch(input, init);
    },
    take: () => {
      const taken = requests;
      requests = 0;
      return taken;
    },
  };
}

/** Twenty syncs with nothing new: p50 and p99 in ms, and the most requests one took. */
export async function idlePolls(engine: SyncEngine, remoteGuid: string, counter: { take(): number }) {
  const times: number[] = [];
  let requests = 0;
  counter.take();
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await engine.syncRemote(remoteGuid);
    times.push(performance.now() - started);
    requests = Math.max(requests, counter.take());
  }
  return { ...percentiles(times), requests };
}

/** Writes `count` notes on the desk as `personaGuid` (each goes into the outbox), then times one sync that sends them. */
export async function drainedOutbox(
  input: { desk: Service; token: string; personaGuid: string; engine: SyncEngine; remoteGuid: string; count: number },
  counter: { take(): number },
) {
  for (let i = 0; i < input.count; i++) {
    const res = await input.desk(
      new Request('http://desk.local/api/posts/write', {
        method: 'POST',
        headers: { authorization: input.token, 'content-type': 'application/json' },
        body: JSON.stringify({
          content: `Written offline ${i}, sent later`,
          post_type: 'post.note',
          persona_guid: input.personaGuid,
        }),
      }),
    );
    if (res.status !== 200) throw new Error(`write failed: ${await res.text()}`);
  }
  counter.take();
  const started = performance.now();
  await input.engine.syncRemote(input.remoteGuid);
  return { seconds: (performance.now() - started) / 1000, requests: counter.take() };
}

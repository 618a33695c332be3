import { percentiles } from './measure';

/**
 * A backup of the running host's store (POST /api/backups: SQLite's online backup in steps, then the
 * copy's hashes and integrity check) while a client keeps reading the global timeline and writing notes:
 * how long the backup takes, how big it is, and the p99 of those requests during it against before it.
 */
export async function benchBackup(url: string, token: string, report: (line: string) => void): Promise<void> {
  const headers = { authorization: token, 'content-type': 'application/json' };
  let written = 0;
  /** One read of the timeline and one write, timed each. */
  const oneRound = async (times: number[]) => {
    let start = performance.now();
    const read = await fetch(`${url}/api/posts/global?count=100`, { headers: { authorization: token } });
    await read.arrayBuffer();
    times.push(performance.now() - start);
    start = performance.now();
    const write = await fetch(`${url}/api/posts/write`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: `Written during the backup bench ${written++}`, post_type: 'post.note' }),
    });
    await write.arrayBuffer();
    times.push(performance.now() - start);
    if (read.status !== 200 || write.status !== 200)
      throw new Error(`requests failed: ${read.status}, ${write.status}`);
  };

  const before: number[] = [];
  for (let i = 0; i < 150; i++) await oneRound(before);

  const during: number[] = [];
  const state = { done: false };
  const started = performance.now();
  const backup = fetch(`${url}/api/backups`, { method: 'POST', headers: { authorization: token } }).then(
    async (response) => {
      const body = (await response.json()) as {
        meta: { code: number; text?: unknown };
        data: { size?: number; state?: string };
      };
      state.done = true;
      return { status: response.status, seconds: (performance.now() - started) / 1000, body };
    },
  );
  while (!state.done) await oneRound(during);
  const made = await backup;
  if (made.status !== 200 || made.body.data.state !== 'good')
    throw new Error(`the backup failed: ${JSON.stringify(made.body.meta)}`);

  const calm = percentiles(before);
  const busy = percentiles(during);
  const megabytes = ((made.body.data.size ?? 0) / 1e6).toFixed(1);
  report(
    `backup of the running host (POST /api/backups: online copy, hashes, integrity check): ${made.seconds.toFixed(1)} s for ${megabytes} MB; ` +
      `a timeline read and a write at a time meanwhile: p50 ${busy.p50.toFixed(1)} ms, p99 ${busy.p99.toFixed(1)} ms (${during.length} requests) ` +
      `against p50 ${calm.p50.toFixed(1)} ms, p99 ${calm.p99.toFixed(1)} ms before (${before.length} requests)`,
  );
}

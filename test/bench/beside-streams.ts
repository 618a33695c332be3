/**
 * A black-box run beside the real matigo/streams server (PHP's built-in server and MariaDB, started from
 * ../shared/peers/streams), for `npm run bench`: the same requests to this instance's host and to the peer, in
 * one process, one after the other in rounds so that both see the same machine. Prints sequential durable
 * writes over HTTP (one client, each answered once stored) and `GET /api/posts/global?count=100`, with
 * the ratio; and, in the same rounds, the writes' floor: the store's own transaction for a write behind a
 * bare HTTP server on a copy of the same store (write-floor-server.ts). Where the peer cannot run, says why.
 * Figures are printed, not asserted.
 */
import path from 'node:path';
import { peerUnavailable, startPeer } from '../interop/streams/peer';
import { spawnServing } from './host';
import { percentiles, timeRequests } from './measure';

const ROUNDS = 3;
const WRITES_PER_ROUND = 100;
const READS_PER_ROUND = 100;
const WARM_WRITES = 1000;

interface Side {
  name: string;
  base: string;
  token: string;
}

async function writes(side: Side, round: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < WRITES_PER_ROUND; i++) {
    const res = await fetch(`${side.base}/api/posts/write`, {
      method: 'POST',
      headers: { authorization: side.token, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `Beside the peer, round ${round}, note ${i}`, post_type: 'post.note' }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${side.name} refused a write: ${res.status} ${text.slice(0, 200)}`);
  }
  return WRITES_PER_ROUND / ((performance.now() - started) / 1000);
}

/** The floor's server on `folder`, with the host's Node flags; stopped with SIGTERM. */
const startFloor = (folder: string) =>
  spawnServing(['--import', 'tsx', path.join(import.meta.dirname, 'write-floor-server.ts'), folder]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * `floorDir`: a copy of the host's data folder, made while the host was stopped, for the floor to write to.
 * Answers how many posts it wrote to the host.
 */
export async function benchBesideStreams(
  host: { url: string; token: string },
  floorDir: string,
  report: (line: string) => void,
): Promise<number> {
  const unavailable = peerUnavailable();
  if (unavailable) {
    report(`beside streams: not measured (${unavailable})`);
    return 0;
  }
  const peer = await startPeer();
  const floor = await startFloor(floorDir);
  try {
    const sides: Side[] = [
      { name: 'this instance', base: host.url, token: host.token },
      { name: 'streams', base: peer.base, token: peer.owner.token },
    ];
    const floorSide: Side = { name: 'the store alone', base: floor.url, token: '' };
    // Every side first writes WARM_WRITES unmeasured: a new process runs its first hundreds of writes before
    // the compiler has optimised its code, and a store just imported splits pages of its indexes at first.
    for (const side of [...sides, floorSide])
      for (let round = 0; round < WARM_WRITES / WRITES_PER_ROUND; round++) await writes(side, -1 - round);
    const rates = new Map<string, number[]>([...sides, floorSide].map((side) => [side.name, []]));
    const reads = new Map<string, number[]>(sides.map((side) => [side.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of [...sides, floorSide]) rates.get(side.name)?.push(await writes(side, round));
      for (const side of sides) {
        const times = await timeRequests(`${side.base}/api/posts/global?count=100`, {}, READS_PER_ROUND);
        reads.get(side.name)?.push(percentiles(times).p50);
      }
    }
    const [ours, theirs] = sides.map((side) => ({
      writes: median(rates.get(side.name) ?? []),
      read: median(reads.get(side.name) ?? []),
    }));
    if (!ours || !theirs) throw new Error('no figures for a side');
    report(
      `beside streams, sequential durable writes over HTTP, one client (${ROUNDS} rounds of ${WRITES_PER_ROUND} after ${WARM_WRITES} unmeasured, medians): this instance ${Math.round(ours.writes)}/s, streams ${Math.round(theirs.writes)}/s, ${(ours.writes / theirs.writes).toFixed(1)}×`,
    );
    const floorWrites = median(rates.get(floorSide.name) ?? []);
    report(
      `the writes' floor, the store's transaction for each behind a bare HTTP server on a copy of the store (same rounds): ${Math.round(floorWrites)}/s, ${(floorWrites / theirs.writes).toFixed(1)}× streams; this instance reaches ${Math.round((100 * ours.writes) / floorWrites)} % of it`,
    );
    report(
      `beside streams, GET /api/posts/global?count=100 anonymous (${ROUNDS} rounds of ${READS_PER_ROUND}, median of p50s): this instance ${ours.read.toFixed(1)} ms on its store, streams ${theirs.read.toFixed(1)} ms on its ${WARM_WRITES + ROUNDS * WRITES_PER_ROUND}-post store and more, ${(theirs.read / ours.read).toFixed(1)}× faster here`,
    );
    return WARM_WRITES + ROUNDS * WRITES_PER_ROUND;
  } finally {
    floor.child.kill('SIGTERM');
    await peer.stop();
  }
}

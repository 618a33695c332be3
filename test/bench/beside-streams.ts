/**
 * A black-box run beside the real matigo/streams server (PHP's built-in server and MariaDB, started from
 * ../shared/peers/streams), for `npm run bench`: the same requests to this instance's host and to the peer, in
 * one process, one after the other in rounds so that both see the same machine. Prints sequential durable
 * writes over HTTP (one client, each answered once stored) and `GET /api/posts/global?count=100`, with
 * the ratio. Where the peer cannot run, says why. Figures are printed, not asserted.
 */
import { peerUnavailable, startPeer } from '../interop/streams/peer';
import { percentiles, timeRequests } from './measure';

const ROUNDS = 3;
const WRITES_PER_ROUND = 100;
const READS_PER_ROUND = 100;

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function benchBesideStreams(
  host: { url: string; token: string },
  report: (line: string) => void,
): Promise<void> {
  const unavailable = peerUnavailable();
  if (unavailable) {
    report(`beside streams: not measured (${unavailable})`);
    return;
  }
  const peer = await startPeer();
  try {
    const sides: Side[] = [
      { name: 'this instance', base: host.url, token: host.token },
      { name: 'streams', base: peer.base, token: peer.owner.token },
    ];
    const rates = new Map<string, number[]>(sides.map((side) => [side.name, []]));
    const reads = new Map<string, number[]>(sides.map((side) => [side.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of sides) rates.get(side.name)?.push(await writes(side, round));
      for (const side of sides) {
        const times = await timeRequests(`${side.base}/api/posts/global?count=100`, {}, READS_PER_ROUND);
        reads.get(side.name)?.push(percentiles(times).p50);
      }
    }
    const [ours, theirs] = sides.map((side) => ({
      writes: median(rates.get(side.name) ?? []),
      read: median(reads.get(side.name) ?? []),
    }));
    if (!ours || !theirs) return;
    report(
      `beside streams, sequential durable writes over HTTP, one client (${ROUNDS} rounds of ${WRITES_PER_ROUND}, medians): this instance ${Math.round(ours.writes)}/s, streams ${Math.round(theirs.writes)}/s, ${(ours.writes / theirs.writes).toFixed(1)}×`,
    );
    report(
      `beside streams, GET /api/posts/global?count=100 anonymous (${ROUNDS} rounds of ${READS_PER_ROUND}, median of p50s): this instance ${ours.read.toFixed(1)} ms on its store, streams ${theirs.read.toFixed(1)} ms on its ${ROUNDS * WRITES_PER_ROUND}-post store and more, ${(theirs.read / ours.read).toFixed(1)}× faster here`,
    );
  } finally {
    await peer.stop();
  }
}

/**
 * The soak: many clients at once against one headless host (started as `npm run serve` starts it), each
 * mixing every write and read of both interfaces for a while. Then the host is stopped and its store
 * opened directly to check that every acknowledged write is there exactly once, as last acknowledged:
 * nothing lost, nothing doubled. Prints the answers by status, the host's peak RSS and the throughput,
 * and fails (exit 1) on a 5xx, a failed request, a lost or doubled post, or a peak RSS past the bound.
 */
import path from 'node:path';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { openDatabase } from '../../src-shared/store/db';
import { peakRssMb, startHost, stopHost } from './host';

const CLIENTS = Number(process.env['SOAK_CLIENTS'] ?? 50);
const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 60);
const RSS_BOUND_MB = 200;
/** A word of every soak post, long enough for the legacy search (four characters at least). */
const WORD = 'lighthouse';

interface OwnPost {
  /** Written into the text, to find the post in the store: one key per acknowledged create. */
  key: string;
  guid: string;
  /** Legacy id, for posts written through `/content`. */
  id: number | null;
  text: string;
  deleted: boolean;
}

interface Answer {
  status: number;
  json: { data?: unknown } | null;
}

class Tally {
  readonly statuses = new Map<number, number>();
  readonly failures: string[] = [];
  requests = 0;

  count(what: string, status: number): void {
    this.requests++;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500) this.failures.push(`${what}: ${status}`);
  }
}

type Operation = (client: Client) => Promise<void>;

class Client {
  readonly own: OwnPost[] = [];
  private sequence = 0;

  constructor(
    readonly index: number,
    private readonly url: string,
    private readonly token: string,
    private readonly tally: Tally,
    private readonly run: string,
    /** The owner's first Persona, whose bio the soak writes and reads. */
    readonly persona: string,
  ) {}

  async call(method: string, route: string, body?: Record<string, string>): Promise<Answer> {
    const what = `${method} ${route.replace(/[0-9a-f-]{36}|\/\d+/g, (part) => (part.startsWith('/') ? '/{id}' : '{guid}'))}`;
    try {
      const response = await fetch(`${this.url}${route}`, {
        method,
        headers: { authorization: this.token, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      this.tally.count(what, response.status);
      return { status: response.status, json: text.startsWith('{') ? (JSON.parse(text) as Answer['json']) : null };
    } catch (error) {
      this.tally.requests++;
      this.tally.failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      return { status: 0, json: null };
    }
  }

  nextText(key: string, edit = 0): string {
    return `Soak ${key} ${edit === 0 ? 'first' : `edit ${edit}`} of the ${WORD}, by client ${this.index} #soak`;
  }

  newKey(): string {
    return `${this.run}c${this.index}n${++this.sequence}`;
  }

  /** One of its own posts still there, preferring the ones written through `via`. */
  pick(via: 'api' | 'legacy' | 'any' = 'any'): OwnPost | undefined {
    const live = this.own.filter(
      (post) => !post.deleted && (via === 'any' || (via === 'legacy') === (post.id !== null)),
    );
    return live[Math.floor(Math.random() * live.length)];
  }
}

/** What a new post through the instance interface is, besides its text: each of the four types in turn. */
const KINDS: Record<string, string>[] = [
  { post_type: 'post.note' },
  { post_type: 'post.article', title: 'A soak article' },
  { post_type: 'post.bookmark', source_url: 'https://example.com/read', source_title: 'Something to read' },
  { post_type: 'post.quotation', source_url: 'https://example.com/said', source_title: 'Someone said' },
];

const firstOf = (answer: Answer): Record<string, unknown> | undefined => {
  const data = answer.json?.data;
  return (Array.isArray(data) ? data[0] : undefined) as Record<string, unknown> | undefined;
};

/** Edits are numbered per post, so the text last acknowledged is known. */
const edits = new Map<string, number>();

const OPERATIONS: [weight: number, operation: Operation][] = [
  // Instance interface: writes.
  [
    20,
    async (c) => {
      const key = c.newKey();
      const text = c.nextText(key);
      const kind = KINDS[Math.floor(Math.random() * KINDS.length)] ?? {};
      const answer = await c.call('POST', '/api/posts/write', { content: text, tags: 'soak', ...kind });
      const guid = firstOf(answer)?.['guid'];
      if (answer.status === 200 && typeof guid === 'string') c.own.push({ key, guid, id: null, text, deleted: false });
    },
  ],
  [
    5,
    async (c) => {
      const parent = c.pick();
      if (!parent) return;
      const key = c.newKey();
      const text = c.nextText(key);
      const answer = await c.call('POST', '/api/posts/write', {
        content: text,
        post_type: 'post.note',
        reply_to: parent.guid,
      });
      const guid = firstOf(answer)?.['guid'];
      if (answer.status === 200 && typeof guid === 'string') c.own.push({ key, guid, id: null, text, deleted: false });
    },
  ],
  [
    2,
    async (c) => {
      const bio = `Soak bio of client ${c.index}, ${c.newKey()}`;
      if (Math.random() < 0.5) await c.call('POST', `/api/account/${c.persona}/bio`, { bio_text: bio });
      else await c.call('GET', `/api/account/${c.persona}/bio`);
    },
  ],
  [
    10,
    async (c) => {
      const post = c.pick('api');
      if (!post) return;
      const edit = (edits.get(post.key) ?? 0) + 1;
      const text = c.nextText(post.key, edit);
      if ((await c.call('POST', `/api/posts/${post.guid}/write`, { content: text })).status === 200) {
        edits.set(post.key, edit);
        post.text = text;
      }
    },
  ],
  [
    4,
    async (c) => {
      const post = c.pick('api');
      if (post && (await c.call('DELETE', `/api/posts/${post.guid}`)).status === 200) post.deleted = true;
    },
  ],
  [
    3,
    async (c) => {
      const post = c.pick();
      if (post) await c.call(Math.random() < 0.6 ? 'POST' : 'DELETE', `/api/posts/${post.guid}/star`);
    },
  ],
  [
    3,
    async (c) => {
      const post = c.pick();
      if (!post) return;
      if (Math.random() < 0.6) await c.call('POST', `/api/posts/${post.guid}/pin`, { value: 'pin.blue' });
      else await c.call('DELETE', `/api/posts/${post.guid}/pin`);
    },
  ],
  // Legacy interface: writes.
  [
    10,
    async (c) => {
      const key = c.newKey();
      const text = c.nextText(key);
      const post = firstOf(await c.call('POST', '/content', { content: text }));
      if (typeof post?.['id'] === 'number' && typeof post['guid'] === 'string')
        c.own.push({ key, guid: post['guid'], id: post['id'], text, deleted: false });
    },
  ],
  [
    5,
    async (c) => {
      const post = c.pick('legacy');
      if (!post || post.id === null) return;
      const edit = (edits.get(post.key) ?? 0) + 1;
      const text = c.nextText(post.key, edit);
      if ((await c.call('POST', '/content', { content: text, post_id: String(post.id) })).status === 200) {
        edits.set(post.key, edit);
        post.text = text;
      }
    },
  ],
  [
    3,
    async (c) => {
      const post = c.pick('legacy');
      if (post?.id != null && (await c.call('DELETE', `/content/${post.id}`)).status === 200) post.deleted = true;
    },
  ],
  [
    2,
    async (c) => {
      const post = c.pick('legacy');
      if (post?.id != null) await c.call('POST', `/content/star/${post.id}`);
    },
  ],
  [
    2,
    async (c) => {
      const post = c.pick('legacy');
      if (post?.id != null) await c.call('POST', '/content/pin', { post_id: String(post.id), colour: '#3366ff' });
    },
  ],
  [
    2,
    async (c) => {
      // A repost of one's own post, or taking it back (the second repost of the same post removes it).
      const post = c.pick('legacy');
      if (post?.id != null) await c.call('POST', `/content/repost/${post.id}`);
    },
  ],
  // Reads of both.
  [
    8,
    async (c) => {
      await c.call('GET', '/api/posts/global?count=50');
    },
  ],
  [
    3,
    async (c) => {
      await c.call('GET', '/api/posts/mentions?count=50');
    },
  ],
  [
    4,
    async (c) => {
      const post = c.pick();
      if (post) await c.call('GET', `/api/posts/${post.guid}`);
    },
  ],
  [
    4,
    async (c) => {
      const post = c.pick();
      if (post) await c.call('GET', `/api/posts/${post.guid}/thread`);
    },
  ],
  [
    8,
    async (c) => {
      await c.call('GET', '/content/blurbs/global?count=50');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/content/blurbs/home?count=50');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/content/blurbs/pins');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/content/blurbs/mentions?count=50');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/content/blurbs/interactions?count=50');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/users/me');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/api/account/personas');
    },
  ],
  [
    2,
    async (c) => {
      await c.call('GET', '/api/account/channels');
    },
  ],
  [
    4,
    async (c) => {
      await c.call('GET', `/content/blurbs/search?filter=${WORD}`);
    },
  ],
  [
    3,
    async (c) => {
      const post = c.pick('legacy');
      if (post?.id != null) await c.call('GET', `/content/${post.id}`);
    },
  ],
  [
    2,
    async (c) => {
      const ids = c.own
        .filter((post) => post.id !== null)
        .slice(-5)
        .map((post) => post.id);
      if (ids.length > 0) await c.call('GET', `/content?post_ids=${ids.join(',')}`);
    },
  ],
];

const TOTAL_WEIGHT = OPERATIONS.reduce((sum, [weight]) => sum + weight, 0);

function pickOperation(): Operation {
  let roll = Math.random() * TOTAL_WEIGHT;
  const chosen = OPERATIONS.find(([weight]) => (roll -= weight) < 0) ?? OPERATIONS[0];
  if (chosen === undefined) throw new Error('no operations');
  return chosen[1];
}

interface Verdict {
  lost: string[];
  doubled: string[];
  wrongText: string[];
  notDeleted: string[];
}

/** Reads the stopped host's store: each acknowledged post once, with its last acknowledged text or deleted. */
async function verifyStore(dataDir: string, run: string, clients: readonly Client[]): Promise<Verdict> {
  const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')));
  await db.open();
  const byKey = new Map<string, { text: string; deleted: number }[]>();
  const keyPattern = new RegExp(`Soak (${run}c\\d+n\\d+) `);
  await db.posts.each((row) => {
    const key = keyPattern.exec(row.text)?.[1];
    if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), { text: row.text, deleted: row.deleted }]);
  });
  db.close();
  const verdict: Verdict = { lost: [], doubled: [], wrongText: [], notDeleted: [] };
  for (const post of clients.flatMap((client) => client.own)) {
    const rows = byKey.get(post.key) ?? [];
    if (rows.length === 0) verdict.lost.push(post.key);
    else if (rows.length > 1) verdict.doubled.push(post.key);
    else if (post.deleted && rows[0]?.deleted !== 1) verdict.notDeleted.push(post.key);
    else if (!post.deleted && rows[0]?.text !== post.text) verdict.wrongText.push(post.key);
  }
  // A key in the store that no client was told about was written without an acknowledgement.
  const known = new Set(clients.flatMap((client) => client.own.map((post) => post.key)));
  for (const key of byKey.keys()) if (!known.has(key)) verdict.doubled.push(`${key} (never acknowledged)`);
  return verdict;
}

/** Runs the soak against a host on `dataDir` (an empty folder starts a new instance). True when it passed. */
export async function benchSoak(dataDir: string, token: string, report: (line: string) => void): Promise<boolean> {
  const run = `s${Date.now().toString(36)}`;
  const host = await startHost(dataDir, token);
  const tally = new Tally();
  const personas = (await (
    await fetch(`${host.url}/api/account/personas`, { headers: { authorization: token } })
  ).json()) as { data: { guid: string }[] };
  const persona = personas.data[0]?.guid;
  if (persona === undefined) throw new Error('the soak needs an instance with a Persona');
  const clients = Array.from(
    { length: CLIENTS },
    (_, index) => new Client(index, host.url, token, tally, run, persona),
  );
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) await pickOperation()(client);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rss = peakRssMb(host.child);
  await stopHost(host.child);

  const verdict = await verifyStore(dataDir, run, clients);
  const acknowledged = clients.reduce((sum, client) => sum + client.own.length, 0);
  const statuses = [...tally.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  report(
    `soak: ${CLIENTS} clients for ${seconds.toFixed(0)} s mixing ${OPERATIONS.length} kinds of write and read over both interfaces: ` +
      `${tally.requests} requests (${Math.round(tally.requests / seconds)}/s; ${statuses}), ${acknowledged} posts written`,
  );
  report(
    `soak verdict: ${tally.failures.length} 5xx or failed requests, ${verdict.lost.length} lost, ${verdict.doubled.length} doubled, ` +
      `${verdict.wrongText.length} with other than the last acknowledged text, ${verdict.notDeleted.length} deletes undone; ` +
      `host peak RSS ${rss ?? '?'} MB (bound ${RSS_BOUND_MB} MB)`,
  );
  for (const failure of tally.failures.slice(0, 10)) report(`  failed: ${failure}`);
  for (const [name, keys] of Object.entries(verdict))
    if (keys.length > 0) report(`  ${name}: ${keys.slice(0, 10).join(', ')}`);
  const problems =
    tally.failures.length +
    verdict.lost.length +
    verdict.doubled.length +
    verdict.wrongText.length +
    verdict.notDeleted.length;
  return problems === 0 && (rss === null || rss < RSS_BOUND_MB);
}

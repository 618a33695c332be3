import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A real matigo/streams server (the 10Centuries server people's remotes run), built fresh for a suite from
 * `../shared/peers/streams` beside this checkout (or `STREAMS_PEER_DIR`): PHP's built-in server and a
 * MariaDB of its own, on free loopback ports, under a temporary folder. Stopped by the pids its scripts
 * recorded, and its folder removed.
 */

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PEER_DIR = process.env['STREAMS_PEER_DIR'] ?? path.resolve(ROOT, '../shared/peers/streams');

export const PEER_PASSWORD_OF = (name: string): string => `${name}-password-1234`;

/** Why the real server cannot run here, or null when it can. */
export function peerUnavailable(): string | null {
  if (!fs.existsSync(path.join(PEER_DIR, 'setup.sh'))) return `no streams peer at ${PEER_DIR}`;
  if (process.getuid?.() !== 0) return 'the streams peer needs root (apt-get, MariaDB as the mysql user)';
  return null;
}

/** An answer of the peer as it came: tests read the fields they check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the peer's answers are checked field by field by the tests
export type PeerJson = any;

export interface PeerAccount {
  name: string;
  password: string;
  token: string;
  personaGuid: string;
  channelGuid: string;
}

export interface Peer {
  base: string;
  /** The account setup.sh made: `peer`, one Persona, one Site and its public Channel. */
  owner: PeerAccount;
  /** Runs SQL on the peer's database as root; answers the rows as tab-separated lines. */
  sql(query: string): Promise<string[]>;
  /** Another person on the same server, with a Site (and Channel) of their own. */
  addAccount(name: string): Promise<PeerAccount>;
  /** One request to the peer's API as `account` (or anonymously); answers the parsed envelope or the text. */
  api(
    account: PeerAccount | null,
    method: string,
    pathAndQuery: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; json: PeerJson; text: string }>;
  /** Writes a post as `account`; answers the post as the peer shows it. Fails the test on a refusal. */
  write(account: PeerAccount, params: Record<string, unknown>): Promise<PeerJson>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function readEnvFile(file: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const at = line.indexOf('=');
        return at > 0 ? [[line.slice(0, at), line.slice(at + 1)] as const] : [];
      }),
  );
}

export async function startPeer(): Promise<Peer> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'streams-peer-'));
  // MariaDB runs as the mysql user, which must reach its folders inside.
  fs.chmodSync(home, 0o755);
  const port = await freePort();
  // A MariaDB that starts removes every temporary table file (`#sql…`) in its folder for them: peers built
  // side by side each need their own, or one's start breaks the other's queries under way.
  const tmp = path.join(home, 'tmp');
  fs.mkdirSync(tmp, { mode: 0o1777 });
  fs.chmodSync(tmp, 0o1777);
  const env = { ...process.env, STREAMS_PEER_HOME: home, STREAMS_DB_PORT: String(await freePort()), TMPDIR: tmp };
  try {
    await run('bash', [path.join(PEER_DIR, 'setup.sh'), '', String(port)], {
      env,
      timeout: 600_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    await run('bash', [path.join(PEER_DIR, 'stop.sh')], { env }).catch(() => undefined);
    fs.rmSync(home, { recursive: true, force: true });
    throw error;
  }
  const state = readEnvFile(path.join(home, 'peer.env'));
  const base = `http://127.0.0.1:${port}`;
  const socket = path.join(home, 'run', 'mysqld.sock');
  const salt =
    /define\('SHA_SALT', '([^']*)'\)/.exec(
      fs.readFileSync(path.join(home, 'app', 'conf', 'config.php'), 'utf8'),
    )?.[1] ?? '';

  const sql = async (query: string): Promise<string[]> => {
    const { stdout } = await run('mariadb', [`--socket=${socket}`, '-u', 'root', '-N', 'streams', '-e', query]);
    return stdout.split('\n').filter((line) => line !== '');
  };

  const api: Peer['api'] = async (account, method, pathAndQuery, body) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (account) headers['authorization'] = account.token;
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let json: PeerJson = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Plain-text answers ("You Need to Log In First") and empty 500s stay text.
    }
    return { status: response.status, json, text };
  };

  const login = async (name: string, password: string): Promise<string> => {
    const answer = await api(null, 'POST', '/api/auth/login', { account_name: name, account_pass: password });
    const token = answer.json?.data?.token;
    if (typeof token !== 'string') throw new Error(`the peer refused to sign ${name} in: ${answer.text}`);
    return token;
  };

  const owner: PeerAccount = {
    name: state['PEER_ACCOUNT'] ?? 'peer',
    password: state['PEER_PASSWORD'] ?? '',
    token: state['PEER_TOKEN'] ?? '',
    personaGuid: state['PEER_PERSONA'] ?? '',
    channelGuid: state['PEER_CHANNEL'] ?? '',
  };

  return {
    base,
    owner,
    sql,
    api,
    addAccount: async (name) => {
      const password = PEER_PASSWORD_OF(name);
      const [created] = await sql(
        `CALL CreateAccount('${name}', '${password}', '${name}@example.org', '${salt}', '.peer.invalid')`,
      );
      const [accountId, personaGuid] = (created ?? '').split('\t');
      if (!accountId || !personaGuid) throw new Error(`CreateAccount made no account for ${name}`);
      const [site] = await sql(
        `CALL CreateSite(${accountId}, '${personaGuid}', '${name} writes', '', '', '${name}.peer.invalid', 'visibility.public')`,
      );
      const channelId = (site ?? '').split('\t')[1];
      await sql(
        `UPDATE Site SET https = 'N' WHERE account_id = ${accountId}; UPDATE Account SET display_name = '${name}', timezone = 'UTC' WHERE id = ${accountId}`,
      );
      const [channelGuid] = await sql(`SELECT guid FROM Channel WHERE id = ${channelId}`);
      return { name, password, token: await login(name, password), personaGuid, channelGuid: channelGuid ?? '' };
    },
    write: async (account, params) => {
      const answer = await api(account, 'POST', '/api/posts/write', {
        post_type: 'post.note',
        persona_guid: account.personaGuid,
        channel_guid: account.channelGuid,
        ...params,
      });
      const post = answer.json?.data?.[0];
      if (answer.status !== 200 || !post)
        throw new Error(`the peer refused a write: ${answer.status} ${answer.text.slice(0, 300)}`);
      return post;
    },
    stop: async () => {
      await run('bash', [path.join(PEER_DIR, 'stop.sh')], { env }).catch(() => undefined);
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

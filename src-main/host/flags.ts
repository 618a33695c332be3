import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ownerTokenSchema } from '../store/owner-token';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;
export const DEFAULT_DATA_DIR = './.data/instance';

export const USAGE = `Usage: npm run serve -- [options]

  --port <number>      port to listen on, 0 for any free port (default ${DEFAULT_PORT})
  --host <address>     address to listen on (default ${DEFAULT_HOST}; 0.0.0.0 to reach it from other devices)
  --hostname <names>   names it is reached by besides its addresses and localhost, comma-separated
                       (a home server's desk.home.lan); requests to other names are refused
  --data <folder>      where the instance keeps its database and owner token (default ${DEFAULT_DATA_DIR})
  --token <token>      owner token, at least 16 characters; kept for later starts
                       (default: the kept one, or a new random one on the first start)
  --password <pw>      sign-in password of the owner account
  -h, --help           show this help`;

export interface HostFlags {
  host: string;
  port: number;
  /** Absolute, so that messages and the store agree on one folder whatever the working directory. */
  dataDir: string;
  /** Names it is reached by besides its addresses and localhost (host-names.ts). */
  hostnames: string[];
  token?: string | undefined;
  password?: string | undefined;
}

export type FlagsResult = { kind: 'run'; flags: HostFlags } | { kind: 'help' } | { kind: 'error'; message: string };

const flagsSchema = z.object({
  help: z.boolean().optional(),
  host: z.string().trim().min(1, '--host must not be empty').default(DEFAULT_HOST),
  port: z
    .string()
    .regex(/^\d+$/, '--port must be a whole number from 0 to 65535 (0 picks a free port)')
    .transform(Number)
    .pipe(z.number().max(65535, '--port must be a whole number from 0 to 65535 (0 picks a free port)'))
    .default(DEFAULT_PORT),
  data: z.string().trim().min(1, '--data must not be empty').default(DEFAULT_DATA_DIR),
  hostname: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
            '--hostname takes names such as desk.home.lan, comma-separated',
          ),
      ),
    )
    .default([]),
  token: ownerTokenSchema.optional(),
  password: z.string().min(1, '--password must not be empty').optional(),
});

const parseOptions = {
  help: { type: 'boolean', short: 'h' },
  host: { type: 'string' },
  port: { type: 'string' },
  data: { type: 'string' },
  hostname: { type: 'string' },
  token: { type: 'string' },
  password: { type: 'string' },
} as const;

/** Flags of the headless host. Never throws: a person typed these, so every problem becomes one line. */
export function parseFlags(argv: readonly string[], cwd: string = process.cwd()): FlagsResult {
  let values: unknown;
  try {
    values = parseArgs({ args: [...argv], options: parseOptions, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return { kind: 'error', message: describeParseError(error) };
  }
  const parsed = flagsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    // Token rules live with the token; say which flag broke them.
    const prefix = field === 'token' ? '--token: ' : '';
    return { kind: 'error', message: prefix + (issue?.message ?? 'invalid flags') };
  }
  const { help, host, port, data, hostname, token, password } = parsed.data;
  if (help) return { kind: 'help' };
  return { kind: 'run', flags: { host, port, dataDir: path.resolve(cwd, data), hostnames: hostname, token, password } };
}

/** node:util's messages are long and suggest `--` tricks that make no sense here. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown flag ${quoted}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted} (every value belongs to a flag, as in --port 8787)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = /--[\w-]+/.exec(quoted)?.[0] ?? 'a flag';
      return message.includes('does not take')
        ? `${flag} takes no value`
        : `${flag} needs a value (write ${flag}=VALUE if the value starts with -)`;
    }
    default:
      return message.split('\n')[0] ?? message;
  }
}

export const MINIMUM_NODE = '22.18';

/**
 * The storage backend (indexeddbshim over better-sqlite3) needs Node >= 22.18; an older Node can crash
 * deep inside it instead of failing cleanly. Returns why this Node will not do, or undefined when it will.
 */
export function checkNodeVersion(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor = 0, needMinor = 0] = MINIMUM_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return (
    `Publishing Desk needs Node ${MINIMUM_NODE} or newer for its storage (IndexedDB on SQLite), ` +
    `but this is Node ${version}. Start it with \`npm run serve -- ...\`, which uses the project's own Node.`
  );
}

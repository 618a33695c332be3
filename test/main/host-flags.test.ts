import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkNodeVersion, parseFlags } from '../../src-main/host/flags';
import { OWNER_TOKEN_FILE, resolveOwnerToken } from '../../src-main/store/owner-token';
import { tempDir } from './host-helpers';

const TOKEN = 'a-long-enough-owner-token';

function errorOf(argv: string[]): string {
  const result = parseFlags(argv, '/srv');
  if (result.kind !== 'error') throw new Error(`expected an error for ${argv.join(' ')}, got ${result.kind}`);
  return result.message;
}

describe('parseFlags', () => {
  it('has defaults for everything but the token and password', () => {
    expect(parseFlags([], '/srv')).toEqual({
      kind: 'run',
      flags: {
        host: '127.0.0.1',
        port: 8787,
        dataDir: '/srv/.data/instance',
        hostnames: [],
        token: undefined,
        password: undefined,
      },
    });
  });

  it('reads every flag, in both spellings, and resolves --data against the working directory', () => {
    const result = parseFlags(
      [
        '--port',
        '0',
        '--host=0.0.0.0',
        '--data',
        'my-instance',
        `--token=${TOKEN}`,
        '--password',
        'pw',
        '--hostname',
        'Desk.Home.lan, desk',
      ],
      '/srv',
    );
    expect(result).toEqual({
      kind: 'run',
      flags: {
        host: '0.0.0.0',
        port: 0,
        dataDir: '/srv/my-instance',
        hostnames: ['desk.home.lan', 'desk'],
        token: TOKEN,
        password: 'pw',
      },
    });
    expect(parseFlags(['--hostname', 'evil"><x'])).toEqual({
      kind: 'error',
      message: '--hostname takes names such as desk.home.lan, comma-separated',
    });
    expect(parseFlags(['--data', '/abs/folder'], '/srv')).toMatchObject({ flags: { dataDir: '/abs/folder' } });
    expect(parseFlags(['--port', '65535'], '/srv')).toMatchObject({ flags: { port: 65535 } });
  });

  it('asks for help with --help or -h, even next to other flags', () => {
    expect(parseFlags(['--help'])).toEqual({ kind: 'help' });
    expect(parseFlags(['-h'])).toEqual({ kind: 'help' });
    expect(parseFlags(['--port', '1', '--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--bogus'], 'unknown flag --bogus'],
    [['-x'], 'unknown flag -x'],
    [['8787'], 'unexpected argument 8787'],
    [['--port'], '--port needs a value'],
    [['--port', '--host', 'h'], '--port needs a value'],
    [['--help=yes'], '--help takes no value'],
    [['--port', 'http'], '--port must be a whole number from 0 to 65535'],
    [['--port=-1'], '--port must be a whole number from 0 to 65535'],
    [['--port', '1.5'], '--port must be a whole number from 0 to 65535'],
    [['--port', '65536'], '--port must be a whole number from 0 to 65535'],
    [['--port='], '--port must be a whole number from 0 to 65535'],
    [['--host', '  '], '--host must not be empty'],
    [['--data='], '--data must not be empty'],
    [['--token', 'short'], '--token: the owner token must be at least 16 characters long'],
    [['--token', 'sixteen chars and a space'], '--token: the owner token must be printable ASCII without spaces'],
    [['--password='], '--password must not be empty'],
  ])('refuses %j with one clear line', (argv, expected) => {
    const message = errorOf(argv);
    expect(message).toContain(expected);
    expect(message).not.toContain('\n');
  });
});

describe('checkNodeVersion', () => {
  it.each(['22.18.0', '22.20.1', '23.0.0', '24.21.0', '100.0.0'])('accepts Node %s', (version) => {
    expect(checkNodeVersion(version)).toBeUndefined();
  });

  it.each(['20.20.2', '22.17.9', '18.0.0'])('explains why Node %s will not do', (version) => {
    const message = checkNodeVersion(version);
    expect(message).toContain('22.18');
    expect(message).toContain(version);
    expect(message).toContain('npm run serve');
  });

  it('accepts the Node these tests run on', () => {
    expect(checkNodeVersion()).toBeUndefined();
  });
});

describe('resolveOwnerToken', () => {
  const keptIn = (dataDir: string) => fs.readFileSync(path.join(dataDir, OWNER_TOKEN_FILE), 'utf8').trim();

  it('generates a random token once, keeps it privately and reuses it on the next start', () => {
    const dataDir = path.join(tempDir('owner-token'), 'nested', 'instance');
    const first = resolveOwnerToken(dataDir);
    expect(first.source).toBe('generated');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
    expect(keptIn(dataDir)).toBe(first.token);
    expect(fs.statSync(path.join(dataDir, OWNER_TOKEN_FILE)).mode & 0o777).toBe(0o600);

    expect(resolveOwnerToken(dataDir)).toEqual({ token: first.token, source: 'kept' });
    expect(resolveOwnerToken(tempDir('owner-token')).token).not.toBe(first.token);
  });

  it('lets --token win, keeps it, and reuses it when the next start has no --token', () => {
    const dataDir = tempDir('owner-token');
    const generated = resolveOwnerToken(dataDir).token;
    expect(resolveOwnerToken(dataDir, TOKEN)).toEqual({ token: TOKEN, source: 'flag' });
    expect(keptIn(dataDir)).toBe(TOKEN);
    expect(keptIn(dataDir)).not.toBe(generated);
    expect(fs.statSync(path.join(dataDir, OWNER_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveOwnerToken(dataDir)).toEqual({ token: TOKEN, source: 'kept' });
  });

  it('tightens a kept file that others could read when it replaces it', () => {
    const dataDir = tempDir('owner-token');
    fs.writeFileSync(path.join(dataDir, OWNER_TOKEN_FILE), 'x'.repeat(20), { mode: 0o644 });
    resolveOwnerToken(dataDir, TOKEN);
    expect(fs.statSync(path.join(dataDir, OWNER_TOKEN_FILE)).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged kept token instead of silently locking clients out with a new one', () => {
    const dataDir = tempDir('owner-token');
    fs.writeFileSync(path.join(dataDir, OWNER_TOKEN_FILE), '\n');
    expect(() => resolveOwnerToken(dataDir)).toThrow(/owner-token does not hold a usable owner token.*--token/);
    // --token is the way out, and repairs the file.
    expect(resolveOwnerToken(dataDir, TOKEN).token).toBe(TOKEN);
    expect(resolveOwnerToken(dataDir).source).toBe('kept');
  });

  it('leaves no temporary files behind', () => {
    const dataDir = tempDir('owner-token');
    resolveOwnerToken(dataDir);
    resolveOwnerToken(dataDir, TOKEN);
    expect(fs.readdirSync(dataDir)).toEqual([OWNER_TOKEN_FILE]);
  });
});

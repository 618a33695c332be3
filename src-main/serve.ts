/**
 * The headless host: `npm run serve -- --port 8787 --data ./my-instance --token SECRET`.
 * Parses flags, starts the host, says where it is, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { USAGE, checkNodeVersion, parseFlags } from './host/flags';
import { resolveOwnerToken } from './store/owner-token';
import { logProblem, printable } from './host/printable';
import { keepNewFilesPrivate } from './store/private-files';

keepNewFilesPrivate();

const parsed = parseFlags(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.kind === 'error') {
  console.error(`serve: ${parsed.message}\n\n${USAGE}`);
  process.exit(2);
}
const tooOld = checkNodeVersion();
if (tooOld !== undefined) {
  console.error(`serve: ${tooOld}`);
  process.exit(1);
}
const { flags } = parsed;

try {
  const owner = resolveOwnerToken(flags.dataDir, flags.token);
  // Loaded only now: on a Node too old for it, the storage backend can crash while loading.
  const { describeRestore, startHost } = await import('./host/start');
  const host = await startHost({ ...flags, token: owner.token });
  const { restore, upgradeBackup, conversion } = host.startReport;
  // A restore's problem can quote the archive it was given.
  if (restore) (restore.applied ? console.log : console.error)(printable(describeRestore(restore)));
  if (conversion)
    console.log(
      `Converted the store to this release's format (${conversion.records} records), backed up first as ${conversion.backup}`,
    );
  if (upgradeBackup)
    console.log(`Backed up the store as ${upgradeBackup.name} before upgrading it from version ${upgradeBackup.from}`);
  if (host.created) console.log(`Created a new instance in ${flags.dataDir}`);
  console.log(`Owner token: ${owner.token}`);
  console.log(`Sign in from a browser (once, within 15 minutes): ${await host.signInLink()}`);
  // Last, so that a script waiting for this line has everything above it.
  console.log(`Publishing Desk is serving ${host.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(signal === 'SIGINT' ? 130 : 143);
    stopping = true;
    console.log(`${signal}: finishing open requests (${signal} again to quit at once)`);
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logProblem('serve: could not shut down cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // `kill -USR2 <pid>` prints a fresh sign-in link, for a browser to sign in without a restart.
  process.on('SIGUSR2', () => {
    host.signInLink().then(
      (link) => console.log(`Sign in from a browser (once, within 15 minutes): ${link}`),
      (error: unknown) => logProblem('serve: could not make a sign-in link', error),
    );
  });
} catch (error) {
  console.error(`serve: ${printable(describeStartError(error, flags.host, flags.port))}`);
  process.exit(1);
}

function describeStartError(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') return `port ${port} is already in use; choose another with --port (0 picks a free one)`;
  if (code === 'EACCES') return `not allowed to listen on port ${port}; ports below 1024 need privileges`;
  if (code === 'EADDRNOTAVAIL') return `--host ${host} is not an address of this machine`;
  return error instanceof Error ? error.message : String(error);
}

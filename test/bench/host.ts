import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { serveNodeFlags, servedScript } from '../support/serve-flags';

export interface BenchHost {
  child: ChildProcess;
  url: string;
  startedAt: number;
}

/** Builds the host as `npm run serve` does before it starts (its `preserve` script), if a source changed. */
function buildIfStale(): void {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build-if-stale.ts'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the host could not be built');
}

/** The headless host as `npm run serve` starts it (built, same Node flags), on `dataDir`, with the owner's token. */
export async function startHost(dataDir: string, token: string): Promise<BenchHost> {
  buildIfStale();
  const startedAt = performance.now();
  const served = await spawnServing([servedScript(), '--port', '0', '--data', dataDir, '--token', token]);
  return { ...served, startedAt };
}

/**
 * A Node process with the `serve` script's flags, running `args`, once it prints `serving <url>`; a process
 * that exits before is an error with what it printed.
 */
export function spawnServing(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...serveNodeFlags(), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /serving (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

/** The host's peak resident memory so far, in MB (Linux), or null where /proc is not there to ask. */
export function peakRssMb(child: ChildProcess): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/** Stops the host as a service manager would, and waits for it to finish. */
export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

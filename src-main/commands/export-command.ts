/**
 * `npm run export -- --data DIR --out FILE`: the archive of an instance (docs/archive.md), made while a host
 * may be serving the folder.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { printable } from '../host/printable';
import { keepNewFilesPrivate } from '../store/private-files';
import { exportDataFolder } from '../archive/export-file';

keepNewFilesPrivate();

const USAGE = `Usage: npm run export -- --data <folder> --out <file.zip>

  --data <folder>   the instance's data folder (as given to npm run serve --data); a host may be running on it
  --out <file>      where to write the archive (a zip)
  -h, --help        show this help`;

function flags(): { dataDir: string; out: string } | null {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: { data: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (!values.data || !values.out) throw new Error('--data and --out are required');
    return { dataDir: path.resolve(values.data), out: path.resolve(values.out) };
  } catch (error) {
    console.error(`export: ${printable((error as Error).message)}\n\n${USAGE}`);
    return null;
  }
}

const given = flags();
if (!given) process.exit(2);
try {
  const manifest = await exportDataFolder({ ...given, now: Math.floor(Date.now() / 1000) });
  const counts = Object.entries(manifest.counts)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(printable(`Exported ${given.dataDir} to ${given.out}: ${counts}`));
} catch (error) {
  console.error(`export: ${printable((error as Error).message)}`);
  process.exit(1);
}

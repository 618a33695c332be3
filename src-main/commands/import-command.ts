/**
 * `npm run import -- --data DIR --in FILE [--replace] [--dry-run]`: restores an archive into a new or empty
 * instance, or over one that is not, after backing it up, with `--replace`.
 * `npm run import -- --data DIR --markdown FOLDER [--persona HANDLE] [--dry-run]`: Markdown files become posts.
 * See docs/archive.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { importDataFolder } from './import-file';
import { printable } from '../host/printable';
import { keepNewFilesPrivate } from '../store/private-files';
import { importMarkdownFolder } from './markdown-folder';

keepNewFilesPrivate();

const USAGE = `Usage: npm run import -- --data <folder> --in <archive.zip> [--replace] [--dry-run]
       npm run import -- --data <folder> --markdown <folder> [--persona <handle>] [--dry-run]

  --data <folder>      the instance's data folder; no host may be running on it
  --in <file>          an archive made by npm run export, restored into a new or empty instance
  --replace            with --in: restore over an instance that is not empty, after backing it up
                       (a before-restore backup, docs/backups.md); without it such an instance is refused
  --markdown <folder>  Markdown files with front matter, each made a post
  --persona <handle>   who writes the Markdown files' posts that name no persona (default: the first Persona)
  --dry-run            check everything and say what would be done; change nothing
  -h, --help           show this help`;

interface Flags {
  dataDir: string;
  archive?: string;
  markdown?: string;
  persona?: string;
  replace: boolean;
  dryRun: boolean;
}

function flags(): Flags | null {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        data: { type: 'string' },
        in: { type: 'string' },
        markdown: { type: 'string' },
        persona: { type: 'string' },
        replace: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (!values.data) throw new Error('--data is required');
    if (!values.in === !values.markdown) throw new Error('give either --in or --markdown');
    if (values.persona && !values.markdown) throw new Error('--persona goes with --markdown');
    if (values.replace && !values.in) throw new Error('--replace goes with --in');
    return {
      dataDir: path.resolve(values.data),
      ...(values.in ? { archive: path.resolve(values.in) } : {}),
      ...(values.markdown ? { markdown: path.resolve(values.markdown) } : {}),
      ...(values.persona ? { persona: values.persona } : {}),
      replace: values.replace === true,
      dryRun: values['dry-run'] === true,
    };
  } catch (error) {
    console.error(`import: ${printable((error as Error).message)}\n\n${USAGE}`);
    return null;
  }
}

const given = flags();
if (!given) process.exit(2);
try {
  if (given.archive) {
    const report = await importDataFolder({
      dataDir: given.dataDir,
      archive: given.archive,
      replace: given.replace,
      dryRun: given.dryRun,
      now: Date.now(),
    });
    const counts = Object.entries(report.counts)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    const made = `made ${report.manifest.made_at} by ${report.manifest.app.name} ${report.manifest.app.version}`;
    // The archive names the app that made it: its words are the archive's, printed as text only.
    if (report.dryRun)
      console.log(
        printable(
          `Dry run: the archive (${made}) is sound; it would restore ${counts} into ${given.dataDir}. Nothing was changed.`,
        ),
      );
    else {
      if (report.safetyBackup)
        console.log(
          `Backed up the instance as it was: backup ${report.safetyBackup} (restore it from Settings → Backups should you want it back).`,
        );
      console.log(
        printable(
          `Restored ${counts} into ${given.dataDir} from the archive ${made}. Remotes need their tokens again: connect each once more.`,
        ),
      );
    }
  }
  if (given.markdown) {
    const outcomes = await importMarkdownFolder({
      dataDir: given.dataDir,
      folder: given.markdown,
      dryRun: given.dryRun,
      now: Date.now(),
      persona: given.persona,
    });
    const would = given.dryRun ? 'would ' : '';
    const words = { created: `${would}create`, skipped: `${would}skip (already there)`, refused: 'refused' } as const;
    const done = given.dryRun
      ? { created: 'would be created', skipped: 'would be skipped' }
      : { created: 'created', skipped: 'skipped' };
    // A file's name and a reason quoting its text are the folder's: shown, never acted on by the terminal.
    for (const o of outcomes)
      console.log(printable(`${o.name}: ${words[o.outcome]}${o.outcome === 'refused' ? `: ${o.why}` : ''}`));
    const count = (outcome: keyof typeof words) => outcomes.filter((o) => o.outcome === outcome).length;
    console.log(
      `${given.dryRun ? 'Dry run: ' : ''}${count('created')} ${done.created}, ${count('skipped')} ${done.skipped}, ${count('refused')} refused` +
        (given.dryRun ? '. Nothing was changed.' : ''),
    );
    if (count('refused') > 0) process.exitCode = 1;
  }
} catch (error) {
  const why = printable((error as Error).message);
  console.error(error instanceof ArchiveError ? `import: refused: ${why}. Nothing was changed.` : `import: ${why}`);
  process.exit(1);
}

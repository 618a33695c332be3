/**
 * `npm run conformance [-- backend… --only part… --update]`: runs the web-platform-tests for IndexedDB
 * against each backend named (all of BACKENDS by default) and prints what passed, failed and timed out,
 * beside the backend's expectations (expected/<backend>.json). `--only` runs the files whose path contains
 * the part; `--update` writes what the run found as the new expectations. Fails on a regression.
 */
import { parseArgs } from 'node:util';
import { BACKEND_NAMES, isBackendName, type BackendName } from './backends';
import { expectedOf, readExpected, totals, writeExpected, type FileResult } from './results';
import { DEFAULT_OPTIONS, expectedFile, runChecked } from './suite';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string', multiple: true, default: [] }, update: { type: 'boolean', default: false } },
});
const unknown = positionals.filter((name) => !isBackendName(name));
if (unknown.length > 0) {
  console.error(`Unknown backend ${unknown.join(', ')}; the backends are ${BACKEND_NAMES.join(', ')}`);
  process.exit(2);
}
const backends = positionals.length > 0 ? positionals.filter(isBackendName) : BACKEND_NAMES;

const rows: string[][] = [];
let regressed = false;
for (const backend of backends) {
  const started = performance.now();
  const expected = readExpected(expectedFile(backend));
  const { results, comparison } = await runChecked(backend, expected, { ...DEFAULT_OPTIONS, only: values.only });
  const { regressions, nowPassing } = comparison;
  const seconds = (performance.now() - started) / 1000;
  report(backend, results, regressions, nowPassing);
  // A run of some files only keeps the expectations of the others.
  const others = values.only.length > 0 ? expected : {};
  if (values.update) writeExpected(expectedFile(backend), { ...others, ...expectedOf(results, expected) });
  else if (regressions.length > 0) regressed = true;
  const sum = totals(results);
  rows.push([
    backend,
    `${sum.files}`,
    `${sum.filesTimedOut}`,
    `${sum.filesCrashed}`,
    `${sum.passed}`,
    `${sum.failed}`,
    `${sum.timedOut}`,
    `${regressions.length}`,
    `${nowPassing.length}`,
    seconds.toFixed(1),
  ]);
}
printTable(
  ['backend', 'files', 'timed out', 'crashed', 'passed', 'failed', 'timed out', 'regressions', 'now passing', 's'],
  rows,
);
if (regressed) process.exit(1);

function report(backend: BackendName, results: FileResult[], regressions: string[], nowPassing: string[]): void {
  for (const { file, exit, stderr } of results) {
    if (exit === 'crash')
      console.log(`${backend}: ${file} crashed: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.log(
    `${backend}: slowest files: ${slowest.map(({ file, ms }) => `${file} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  for (const line of regressions) console.log(`${backend}: REGRESSION ${line}`);
  for (const line of nowPassing) console.log(`${backend}: now passing ${line}`);
}

function printTable(head: string[], body: string[][]): void {
  const widths = head.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(['', line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n'));
}

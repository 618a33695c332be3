import fs from 'node:fs';
import { z } from 'zod';
import { TIMING_DEPENDENT } from './timing-dependent';

export type Outcome = 'pass' | 'fail' | 'timeout';

/** How a test file's process ended: by itself, killed at its time limit, or with an error. */
export type Exit = 'ok' | 'timeout' | 'crash';

export interface FileResult {
  /** The file's path under converted/. */
  readonly file: string;
  readonly exit: Exit;
  /** Each subtest by its name. */
  readonly subtests: Record<string, Outcome>;
  readonly stderr: string;
  readonly ms: number;
}

const Line = z.union([
  z.object({ testDeclared: z.string() }),
  z.object({ testResult: z.record(z.string(), z.object({ passed: z.boolean() })) }),
]);

/**
 * The subtests of a file's output (wpt-env.js logs a JSON line as an asynchronous subtest is declared and
 * one as any subtest ends). A subtest declared but never ended timed out if the file was stopped at its time
 * limit, and failed if the process ended first. A name reported twice keeps its worse outcome.
 */
export function readOutput(stdout: string, exit: Exit): { exit: Exit; subtests: Record<string, Outcome> } {
  const subtests = new Map<string, Outcome>();
  const unfinished = new Set<string>();
  for (const text of stdout.split('\n')) {
    if (!text.startsWith('{"test')) continue;
    const line = Line.safeParse(JSON.parse(text));
    if (!line.success) continue;
    if ('testDeclared' in line.data) {
      if (!subtests.has(line.data.testDeclared)) unfinished.add(line.data.testDeclared);
      continue;
    }
    for (const [name, { passed }] of Object.entries(line.data.testResult)) {
      unfinished.delete(name);
      if (subtests.get(name) !== 'fail') subtests.set(name, passed ? 'pass' : 'fail');
    }
  }
  for (const name of unfinished) subtests.set(name, exit === 'timeout' ? 'timeout' : 'fail');
  return { exit, subtests: Object.fromEntries(subtests) };
}

/**
 * What a backend is expected to do, by test file: how many subtests pass, and those known not to pass
 * ("unstable" when they pass in some runs only: their outcome is not compared, as for TIMING_DEPENDENT).
 */
const Expected = z.record(
  z.string(),
  z.object({
    passing: z.number().int().nonnegative(),
    notPassing: z.record(z.string(), z.enum(['fail', 'timeout', 'unstable'])),
  }),
);
export type Expected = z.infer<typeof Expected>;

export function readExpected(file: string): Expected {
  return fs.existsSync(file) ? Expected.parse(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
}

/** The expectations a run sets, keeping the subtests marked unstable before as unstable. */
export function expectedOf(results: readonly FileResult[], before: Expected): Expected {
  const expected: Expected = {};
  for (const { file, subtests } of results) {
    const known = before[file]?.notPassing ?? {};
    const notPassing: Expected[string]['notPassing'] = {};
    let passing = 0;
    for (const name of Object.keys(subtests).sort()) {
      const outcome = subtests[name];
      if (TIMING_DEPENDENT[file]?.includes(name)) continue;
      if (known[name] === 'unstable') notPassing[name] = 'unstable';
      else if (outcome === 'pass') passing += 1;
      else if (outcome) notPassing[name] = outcome;
    }
    expected[file] = { passing, notPassing };
  }
  return expected;
}

export function writeExpected(file: string, expected: Expected): void {
  const sorted = Object.fromEntries(Object.entries(expected).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

export interface Comparison {
  /** Subtests that passed before (or are new) and do not pass now, and files whose passing subtests went. */
  readonly regressions: string[];
  /** Subtests known not to pass that pass now. */
  readonly nowPassing: string[];
}

/**
 * A run held to its expectations. A file with no expectations is held to all its subtests passing. A
 * subtest that passed before and now gives no result at all (a file that stops early) is counted, by file,
 * from the number that passed.
 */
export function compare(results: readonly FileResult[], expected: Expected): Comparison {
  const regressions: string[] = [];
  const nowPassing: string[] = [];
  for (const { file, exit, subtests } of results) {
    const known = expected[file]?.notPassing ?? {};
    let passingAsBefore = 0;
    for (const [name, outcome] of Object.entries(subtests)) {
      const was = known[name];
      if (was === 'unstable' || TIMING_DEPENDENT[file]?.includes(name)) continue;
      if (outcome === 'pass') {
        if (was) nowPassing.push(`${file}: ${name}`);
        else passingAsBefore += 1;
      } else if (!was) {
        regressions.push(`${file}: ${name} (${outcome === 'fail' ? 'fails' : 'times out'} now)`);
        passingAsBefore += 1;
      }
    }
    const missing = (expected[file]?.passing ?? 0) - passingAsBefore;
    if (missing > 0) {
      const why = exit === 'timeout' ? 'the file timed out' : exit === 'crash' ? 'the file crashed' : 'not run';
      regressions.push(`${file}: ${missing} subtest(s) that passed gave no result (${why})`);
    }
  }
  return { regressions, nowPassing };
}

export interface Totals {
  files: number;
  filesTimedOut: number;
  filesCrashed: number;
  passed: number;
  failed: number;
  timedOut: number;
}

export function totals(results: readonly FileResult[]): Totals {
  const sum: Totals = { files: 0, filesTimedOut: 0, filesCrashed: 0, passed: 0, failed: 0, timedOut: 0 };
  for (const { exit, subtests } of results) {
    sum.files += 1;
    if (exit === 'timeout') sum.filesTimedOut += 1;
    if (exit === 'crash') sum.filesCrashed += 1;
    for (const outcome of Object.values(subtests)) {
      if (outcome === 'pass') sum.passed += 1;
      else if (outcome === 'fail') sum.failed += 1;
      else sum.timedOut += 1;
    }
  }
  return sum;
}
